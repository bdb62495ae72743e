import type { Request } from 'express';
import { AppError, BadRequest, Invalid } from '@mcs/kit';

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
  return value as Record<string, unknown>;
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
