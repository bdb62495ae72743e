import type { ErrorObject } from 'ajv';
import type { FieldError } from '@mcs/kit';
import type { Contract, ContractOperation } from './contract';

/** What the validator needs to know about a request. */
export interface RequestInput {
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  headers: Record<string, string | string[]>;
  body: unknown;
}

type Location = FieldError['in'];
const LOCATIONS: Record<string, Location> = {
  query: 'query',
  path: 'path',
  header: 'header',
  requestBody: 'body',
};

/** Validates a request against its operation; every failing field becomes one FieldError. */
export function validateRequest(
  contract: Contract,
  operation: ContractOperation,
  input: RequestInput,
): FieldError[] {
  // Nothing declared, nothing to check (e.g. GET /system): unknown query parameters and
  // headers are ignored by the validator too, so it is not run at all.
  if (!operation.parameters?.length && !operation.requestBody) return [];
  const lexical = lexicalErrors(contract, operation, input);
  // Values failing the lexical checks never reach the validator: it throws on a bad
  // percent-encoding, and its type coercion would accept 1.0 or 1e3 as integers.
  if (lexical.length > 0) return lexical;
  const result = contract.backend.validator.validateRequest(
    {
      method: input.method,
      path: input.path,
      query: input.query,
      headers: input.headers,
      body: input.body,
    },
    operation,
  );
  const errors = result.errors ?? [];
  const seen = new Set<string>();
  const fields: FieldError[] = [];
  for (const error of errors) {
    const field = toFieldError(error, operation);
    const key = `${field.in}:${field.name}`;
    // One entry per field: the first (most specific) reason is enough for a client.
    if (!seen.has(key)) {
      seen.add(key);
      fields.push(field);
    }
  }
  // Header errors first: a bad Idempotency-Key is errors[0] even when the body is bad too
  // (external-api.md 1.11). The sort is stable, so the rest keep the validator's order.
  return fields.sort((a, b) => Number(b.in === 'header') - Number(a.in === 'header'));
}

interface Parameter {
  in?: string;
  name?: string;
  schema?: { type?: unknown };
}

/**
 * Integers must be written as integers; path segments must be valid percent-encoding; nothing
 * may hold what the services cannot store (see unstorable).
 */
function lexicalErrors(
  contract: Contract,
  operation: ContractOperation,
  input: RequestInput,
): FieldError[] {
  const errors: FieldError[] = [];
  const parameters = (operation.parameters ?? []) as Parameter[];
  const raw = contract.rawPathParams(operation, input.path);
  for (const [name, value] of Object.entries(raw)) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(value);
    } catch {
      errors.push({ in: 'path', name, message: 'Has an invalid percent-encoding.' });
      continue;
    }
    const integer = parameters.some(
      (p) => p.in === 'path' && p.name === name && p.schema?.type === 'integer',
    );
    if (integer && !/^\d+$/.test(decoded))
      errors.push({ in: 'path', name, message: 'Must be a positive integer.' });
  }
  for (const [location, values] of [
    ['query', input.query],
    ['body', input.body],
  ] as const) {
    const problem = unstorable(location, values);
    if (problem) errors.push(problem);
  }
  for (const p of parameters.filter((q) => q.in === 'query' && q.schema?.type === 'integer')) {
    const value = input.query[p.name as string];
    const values = value === undefined ? [] : Array.isArray(value) ? value : [value];
    if (values.some((v) => typeof v !== 'string' || !/^-?\d+$/.test(v))) {
      errors.push({ in: 'query', name: p.name as string, message: 'Must be an integer.' });
    }
  }
  return errors;
}

/** Deeper than any body of the contract; far below what recursive code downstream survives. */
const MAX_DEPTH = 64;

/**
 * Valid input the rest of the system cannot take, found before it causes a 500: a NUL
 * character (PostgreSQL text refuses U+0000) in any key or string, or nesting deep enough to
 * overflow recursive code (canonical JSON, stringify). Walked without recursion.
 */
function unstorable(location: Location, root: unknown): FieldError | undefined {
  const stack: { value: unknown; path: string; depth: number }[] = [
    { value: root, path: '', depth: 0 },
  ];
  const problem = (path: string, message: string): FieldError => ({
    in: location,
    name: path || location,
    message,
  });
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { value, path, depth } = item;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return problem(path, 'Must not contain a NUL character.');
      continue;
    }
    if (!value || typeof value !== 'object') continue;
    if (depth >= MAX_DEPTH) return problem(path, `Is nested more than ${MAX_DEPTH} levels deep.`);
    for (const [key, child] of Object.entries(value)) {
      const childPath = Array.isArray(value) ? `${path}[${key}]` : path ? `${path}.${key}` : key;
      if (key.includes('\u0000')) return problem(childPath, 'Must not contain a NUL character.');
      stack.push({ value: child, path: childPath, depth: depth + 1 });
    }
  }
  return undefined;
}

function toFieldError(error: ErrorObject, operation: ContractOperation): FieldError {
  const [, area = 'requestBody', ...rest] = error.instancePath.split('/');
  const location = LOCATIONS[area] ?? 'body';
  const segments = rest.map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (error.keyword === 'required')
    segments.push(String((error.params as { missingProperty: string }).missingProperty));
  let name = segments.reduce(
    (path, segment) =>
      /^\d+$/.test(segment) ? `${path}[${segment}]` : path ? `${path}.${segment}` : segment,
    '',
  );
  if (location === 'header') name = declaredHeaderName(operation, name);
  return { in: location, name: name || 'body', message: messageFor(error) };
}

/** Header names arrive lower-cased; report them as the contract spells them. */
function declaredHeaderName(operation: ContractOperation, name: string): string {
  const parameters = (operation.parameters ?? []) as { in?: string; name?: string }[];
  return parameters.find((p) => p.in === 'header' && p.name?.toLowerCase() === name)?.name ?? name;
}

function messageFor(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  const schema = (error.parentSchema ?? {}) as {
    minimum?: number;
    maximum?: number;
    minLength?: number;
    maxLength?: number;
  };
  switch (error.keyword) {
    case 'required':
      return 'Is required.';
    case 'type':
      return `Must be ${article(String(params.type))}.`;
    case 'enum':
      return `Must be one of ${(params.allowedValues as unknown[]).join(', ')}.`;
    case 'const':
      return `Must be ${JSON.stringify(params.allowedValue)}.`;
    case 'minimum':
    case 'maximum':
      return schema.minimum !== undefined && schema.maximum !== undefined
        ? `Must be between ${schema.minimum} and ${schema.maximum}.`
        : `Must be ${error.keyword === 'minimum' ? 'at least' : 'at most'} ${String(params.limit)}.`;
    case 'minLength':
    case 'maxLength':
      return schema.minLength !== undefined && schema.maxLength !== undefined
        ? `Must be ${schema.minLength} to ${schema.maxLength} characters long.`
        : `Must be ${error.keyword === 'minLength' ? 'at least' : 'at most'} ${String(params.limit)} characters long.`;
    case 'minItems':
      return `Must have at least ${String(params.limit)} item(s).`;
    case 'maxItems':
      return `Must have at most ${String(params.limit)} items.`;
    case 'pattern':
      return 'Has an invalid format.';
    case 'format':
      return `Must be a valid ${String(params.format)}.`;
    case 'minProperties':
      return 'Must not be empty.';
    default:
      return error.message
        ? `${error.message[0]?.toUpperCase()}${error.message.slice(1)}.`
        : 'Is invalid.';
  }
}

function article(type: string): string {
  const noun =
    type === 'integer'
      ? 'an integer'
      : type === 'object'
        ? 'an object'
        : type === 'array'
          ? 'an array'
          : `a ${type}`;
  return type.includes(',') ? `of type ${type}` : noun;
}
