/**
 * Custom headers of an endpoint (events-webhooks.md §3.2). Values are secrets to us (API keys,
 * bearer tokens): they are stored encrypted, shown masked, and a masked value sent back on
 * update means "keep what is stored".
 */
import type { Input } from '@mcs/kit';

export interface Header {
  name: string;
  value: string;
}

export const MASK = '********';
export const MAX_HEADERS = 20;

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,200}$/;
const FORBIDDEN_VALUE_CHARS = /[\r\n\0]/;

/** Set by the delivery itself; a custom value would break signing, framing or identification. */
const RESERVED = new Set([
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
  'user-agent',
  'webhook-id',
  'webhook-timestamp',
  'webhook-signature',
]);

export interface HeaderRules {
  /** Content-Type only describes a templated body; the default body is always JSON. */
  hasBodyTemplate: boolean;
  /** Authorization would silently fight the basic-auth header we send. */
  hasBasicAuth: boolean;
  /** The endpoint's stored headers (update), used to resolve masked values. */
  stored: readonly Header[];
}

export interface ReadHeaders {
  headers: Header[];
  /** The value fields (`headers[i].value`) sent masked: their stored values are kept. */
  kept: string[];
}

/** Reads `headers` into `input`'s collected errors; returns the headers to store. */
export function readHeaders(input: Input, rules: HeaderRules): ReadHeaders {
  const raw = input.raw('headers');
  const none: ReadHeaders = { headers: [], kept: [] };
  if (raw === undefined || raw === null) return none;
  if (!Array.isArray(raw)) return input.fail('headers', 'Must be an array.') ?? none;
  if (raw.length > MAX_HEADERS)
    return input.fail('headers', `Must have at most ${MAX_HEADERS} entries.`) ?? none;
  const seen = new Set<string>();
  const read: ReadHeaders = { headers: [], kept: [] };
  raw.forEach((entry: unknown, index) => {
    const field = `headers[${index}]`;
    const header = readHeader(input, field, entry, rules, seen);
    if (!header) return;
    read.headers.push(header.header);
    if (header.kept) read.kept.push(`${field}.value`);
  });
  return read;
}

function readHeader(
  input: Input,
  field: string,
  entry: unknown,
  rules: HeaderRules,
  seen: Set<string>,
): { header: Header; kept: boolean } | undefined {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
    return input.fail(field, 'Must be an object with name and value.');
  const { name, value } = entry as Record<string, unknown>;
  if (typeof name !== 'string' || !TOKEN.test(name))
    return input.fail(`${field}.name`, 'Must be an HTTP header name (1 to 200 token characters).');
  const problem = nameProblem(name, rules, seen);
  if (problem) return input.fail(`${field}.name`, problem);
  seen.add(name.toLowerCase());
  if (typeof value !== 'string' || value.length > 4096 || FORBIDDEN_VALUE_CHARS.test(value))
    return input.fail(
      `${field}.value`,
      'Must be a string of at most 4096 characters without CR, LF or NUL.',
    );
  if (value !== MASK) return { header: { name, value }, kept: false };
  const stored = rules.stored.find((header) => header.name.toLowerCase() === name.toLowerCase());
  if (!stored)
    return input.fail(
      `${field}.value`,
      `"${MASK}" keeps a stored value, but this header has none.`,
    );
  return { header: { name, value: stored.value }, kept: true };
}

function nameProblem(name: string, rules: HeaderRules, seen: Set<string>): string | null {
  const lower = name.toLowerCase();
  if (RESERVED.has(lower))
    return `"${name}" is set by the delivery itself and cannot be configured.`;
  if (lower === 'content-type' && !rules.hasBodyTemplate)
    return 'Content-Type can only be set together with body_template.';
  if (lower === 'authorization' && rules.hasBasicAuth)
    return 'Authorization cannot be set while basic auth (auth_username) is configured.';
  if (seen.has(lower)) return `"${name}" is given more than once.`;
  return null;
}

/** The read form (§3.2): every value masked. */
export function maskHeaders(headers: readonly Header[]): Header[] {
  return headers.map(({ name }) => ({ name, value: MASK }));
}
