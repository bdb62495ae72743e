/**
 * Requests generated from an OpenAPI operation (issue 31, item 4): a plausible baseline, then one
 * invalid or boundary value at a time in every path and query parameter and in every body field,
 * and bodies broken as a whole. Deterministic: the same document gives the same requests.
 */
import type { ContractOperation } from '../../services/gateway/src/http/contract';

export interface Schema {
  type?: string | string[];
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  example?: unknown;
  default?: unknown;
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: Schema;
  example?: unknown;
}

export interface FuzzRequest {
  /** The operation's id. */
  operation: string;
  method: string;
  path: string;
  /** A JSON body, or `raw` text sent as JSON. */
  body?: unknown;
  raw?: string;
  /** What was changed, for the report. */
  label: string;
}

/** Values that exist in the stack, by path parameter name, so some requests reach real rows. */
export type KnownIds = Record<string, string[]>;

const firstType = (schema: Schema): string | undefined => {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.find((type) => type !== undefined && type !== 'null');
};

/** One alternative of a composed schema, or the schema itself. */
const plain = (schema: Schema): Schema =>
  schema.oneOf?.[0] ?? schema.anyOf?.[0] ?? (schema.allOf ? merge(schema.allOf) : schema);

function merge(parts: Schema[]): Schema {
  const merged: Schema = { type: 'object', properties: {}, required: [] };
  for (const part of parts.map(plain)) {
    Object.assign(merged.properties ?? {}, part.properties);
    merged.required?.push(...(part.required ?? []));
  }
  return merged;
}

/** A value the schema probably accepts. */
export function sample(given: Schema, depth = 0): unknown {
  const schema = plain(given);
  if (schema.example !== undefined) return schema.example;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  switch (firstType(schema) ?? (schema.properties ? 'object' : 'string')) {
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'array':
      return depth > 3 || !schema.items ? [] : [sample(schema.items, depth + 1)];
    case 'object': {
      if (depth > 3) return {};
      const value: Record<string, unknown> = {};
      for (const [name, property] of Object.entries(schema.properties ?? {}))
        value[name] = sample(property, depth + 1);
      return value;
    }
    default:
      return sampleString(schema);
  }
}

function sampleString(schema: Schema): string {
  switch (schema.format ?? '') {
    case 'date-time':
      return '2027-01-01T00:00:00Z';
    case 'date':
      return '2027-01-01';
    case 'uri':
    case 'url':
      return 'http://127.0.0.1:9/fuzz';
    case 'email':
      return 'fuzz@example.com';
    default:
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
  }
}

/** Values that break the schema or sit on its edges, of every JSON type. */
export function variants(given: Schema): unknown[] {
  const schema = plain(given);
  const wrongTypes = [null, true, [], {}, 'fuzz'];
  if (schema.enum?.length) return ['NOT_ONE_OF_THEM', '', 'x'.repeat(300), 0, ...wrongTypes];
  switch (firstType(schema) ?? (schema.properties ? 'object' : 'string')) {
    case 'integer':
    case 'number': {
      const low = schema.minimum ?? 0;
      const high = schema.maximum ?? 2 ** 31;
      return [low - 1, low, high, high + 1, -1, 0, 1.5, 2 ** 53, 1e308, '1', '', ...wrongTypes];
    }
    case 'boolean':
      return ['true', 0, 1, '', null, [], {}];
    case 'array':
      return [
        [],
        [null],
        'not-a-list',
        Array.from({ length: (schema.maxItems ?? 1000) + 1 }, () => 'x'),
        ...(schema.items
          ? variants(schema.items)
              .slice(0, 4)
              .map((item) => [item])
          : []),
        null,
        {},
      ];
    case 'object':
      return [null, [], 'text', 0, {}, { unexpected_field: 1 }];
    default: {
      const longest = Math.min((schema.maxLength ?? 4096) + 1, 20_000);
      return [
        '',
        ' ',
        'x'.repeat(longest),
        '\u0000',
        '🙂'.repeat(40),
        '../../etc/passwd',
        '%00',
        '2026-02-30T25:61:00Z',
        -1,
        ...wrongTypes,
      ];
    }
  }
}

/** A query or path parameter's text for a variant. */
function asText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** The systematic requests of one operation. */
export function operationRequests(operation: ContractOperation, known: KnownIds): FuzzRequest[] {
  const method = operation.method.toUpperCase();
  const parameters = (operation.parameters ?? []) as Parameter[];
  const pathParams = parameters.filter((p) => p.in === 'path');
  const queryParams = parameters.filter((p) => p.in === 'query');
  const bodySchema = (
    operation.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined
  )?.content?.['application/json']?.schema;

  const validPath: Record<string, string> = {};
  for (const p of pathParams)
    validPath[p.name] = known[p.name]?.[0] ?? asText(p.example ?? sample(p.schema ?? {}));
  const pathWith = (values: Record<string, string>) =>
    operation.path.replace(/\{([^{}]+)\}/g, (_all, name: string) =>
      encodeURIComponent(values[name] ?? ''),
    );
  const query = (pairs: [string, string][]) =>
    pairs.length ? `?${new URLSearchParams(pairs).toString()}` : '';
  const baseBody = bodySchema ? sample(bodySchema) : undefined;
  const operationId = operation.operationId ?? `${method} ${operation.path}`;
  const request = (label: string, path: string, body = baseBody): FuzzRequest => ({
    operation: operationId,
    method,
    path,
    label,
    ...(body === undefined ? {} : { body }),
  });

  const requests: FuzzRequest[] = [request('baseline', pathWith(validPath))];
  for (const p of pathParams) {
    const values = [...(known[p.name] ?? []), ...variants(p.schema ?? {}).map(asText)];
    for (const value of values.filter((v) => v !== ''))
      requests.push(
        request(
          `path ${p.name}=${value.slice(0, 40)}`,
          pathWith({ ...validPath, [p.name]: value }),
        ),
      );
  }
  const basePath = pathWith(validPath);
  for (const p of queryParams) {
    for (const value of variants(p.schema ?? {}).map(asText))
      requests.push(
        request(`query ${p.name}=${value.slice(0, 40)}`, basePath + query([[p.name, value]])),
      );
    requests.push(
      request(
        `query ${p.name} twice`,
        basePath +
          query([
            [p.name, '1'],
            [p.name, '2'],
          ]),
      ),
    );
  }
  if (bodySchema) {
    const schema = plain(bodySchema);
    const base = (baseBody ?? {}) as Record<string, unknown>;
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      for (const value of variants(property))
        requests.push(
          request(`body ${name}=${asText(value).slice(0, 40)}`, basePath, {
            ...base,
            [name]: value,
          }),
        );
      if (schema.required?.includes(name)) {
        const rest = { ...base };
        delete rest[name];
        requests.push(request(`body without ${name}`, basePath, rest));
      }
    }
    for (const whole of [null, [], 'text', 0, {}])
      requests.push(request(`body ${JSON.stringify(whole)}`, basePath, whole));
    for (const [label, raw] of [
      ['cut JSON', '{"a":'],
      ['deep nesting', '['.repeat(20_000) + ']'.repeat(20_000)],
      ['prototype key', '{"__proto__":{"polluted":true},"constructor":{"prototype":{}}}'],
      ['over the body limit', JSON.stringify({ padding: 'x'.repeat(300_000) })],
    ] as const)
      requests.push({ operation: operationId, method, path: basePath, raw, label });
  }
  return requests;
}

/**
 * Requests that change several things at once: a random systematic request of one operation with
 * another one's query and body fields laid over it.
 */
export function combined(
  pool: FuzzRequest[][],
  count: number,
  random: () => number,
): FuzzRequest[] {
  const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)] as T;
  const out: FuzzRequest[] = [];
  while (out.length < count) {
    const requests = pick(pool);
    const first = pick(requests);
    const second = pick(requests);
    const [path, firstQuery = ''] = first.path.split('?');
    const secondQuery = second.path.split('?')[1] ?? '';
    const joined = [firstQuery, secondQuery].filter(Boolean).join('&');
    const objects =
      isObject(first.body) && isObject(second.body)
        ? { ...first.body, ...second.body }
        : second.body;
    out.push({
      operation: first.operation,
      method: first.method,
      path: joined ? `${path}?${joined}` : (path ?? first.path),
      ...(first.raw === undefined
        ? objects === undefined
          ? {}
          : { body: objects }
        : { raw: first.raw }),
      label: `${first.label} + ${second.label}`,
    });
  }
  return out;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
