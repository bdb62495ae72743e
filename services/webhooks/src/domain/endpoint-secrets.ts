/**
 * Endpoint secrets at rest (events-webhooks.md §3.1): custom headers (names and values) as one
 * sealed JSON list, the basic-auth password and signing secrets each sealed alone, all with the
 * kit's SecretBox under the service's encryption key.
 */
import type { SecretBox } from '@mcs/kit';
import type { Header } from './endpoint-headers';

/** Null for no headers, so an endpoint without any stores nothing. */
export function sealHeaders(box: SecretBox, headers: readonly Header[]): string | null {
  return headers.length === 0 ? null : box.seal(JSON.stringify(headers));
}

export function openHeaders(box: SecretBox, sealed: string | null): Header[] {
  if (sealed === null) return [];
  const parsed: unknown = JSON.parse(box.open(sealed));
  if (!Array.isArray(parsed) || !parsed.every(isHeader))
    throw new Error('Unreadable stored headers.');
  return parsed;
}

export function sealOptional(box: SecretBox, value: string | null): string | null {
  return value === null ? null : box.seal(value);
}

export function openOptional(box: SecretBox, sealed: string | null): string | null {
  return sealed === null ? null : box.open(sealed);
}

function isHeader(value: unknown): value is Header {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Record<string, unknown>).name === 'string' &&
    typeof (value as Record<string, unknown>).value === 'string'
  );
}
