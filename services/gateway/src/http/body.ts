import type { Request } from 'express';
import { AppError, BadRequest, Invalid, type FieldError } from '@mcs/kit';

/**
 * Request bodies, read late in the pipeline (after authentication and scope, per the check
 * order of external-api.md 1.9): size (413), content type (415), UTF-8 JSON syntax (400), and
 * "must be an object" (422). An absent or empty body is `{}` and needs no content type.
 */
export async function readJsonObject(
  req: Request,
  limitBytes: number,
): Promise<Record<string, unknown>> {
  const raw = await readRaw(req, limitBytes);
  if (raw.length === 0) return {};
  const [type = '', ...parameters] = (req.get('content-type') ?? '')
    .split(';')
    .map((part) => part.trim().toLowerCase());
  const charset = parameters.find((p) => p.startsWith('charset='))?.slice('charset='.length);
  const json = type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type);
  if (!json || (charset !== undefined && charset !== 'utf-8')) {
    throw new AppError(
      415,
      'unsupported_media_type',
      'The request body must be application/json (UTF-8).',
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(raw));
  } catch {
    throw new BadRequest('malformed_json', 'The request body is not valid JSON.');
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new Invalid([{ in: 'body', name: 'body', message: 'Must be a JSON object.' }]);
  }
  const problem = unstorable(value);
  if (problem) throw new Invalid([problem]);
  return value as Record<string, unknown>;
}

/** Deeper than any body of the contract; far below what recursive code downstream survives. */
const MAX_DEPTH = 64;

/**
 * Valid JSON the rest of the system cannot take, found before it causes a 500: a NUL
 * character (PostgreSQL text refuses U+0000) anywhere in a key or a string, or nesting deep
 * enough to overflow recursive code (canonical JSON, stringify). Walked without recursion.
 */
export function unstorable(root: unknown): FieldError | undefined {
  const stack: { value: unknown; path: string; depth: number }[] = [
    { value: root, path: '', depth: 0 },
  ];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { value, path, depth } = item;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return nulError(path);
      continue;
    }
    if (!value || typeof value !== 'object') continue;
    if (depth >= MAX_DEPTH) {
      return {
        in: 'body',
        name: path || 'body',
        message: `Is nested more than ${MAX_DEPTH} levels deep.`,
      };
    }
    for (const [key, child] of Object.entries(value)) {
      const childPath = Array.isArray(value) ? `${path}[${key}]` : path ? `${path}.${key}` : key;
      if (key.includes('\u0000')) return nulError(childPath);
      stack.push({ value: child, path: childPath, depth: depth + 1 });
    }
  }
  return undefined;
}

function nulError(path: string): FieldError {
  return { in: 'body', name: path || 'body', message: 'Must not contain a NUL character.' };
}

async function readRaw(req: Request, limitBytes: number): Promise<Buffer> {
  const tooLarge = () =>
    new AppError(
      413,
      'payload_too_large',
      `The request body is larger than ${limitBytes / 1024} KiB.`,
    );
  if (Number(req.get('content-length') ?? 0) > limitBytes) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limitBytes) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
