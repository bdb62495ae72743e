import type { MessagePayload } from '@mcs/contracts';

type Entry = MessagePayload<'webhooks.legacy_endpoints.import'>['entries'][number];

/** Entries per command: the contract's bound on one message. */
export const LEGACY_ENTRIES_PER_COMMAND = 1000;

/**
 * One legacy post-action webhook as stored by an older version (events-webhooks.md 5), in the
 * command's shape: each field kept when it has the expected type, else null (webhooks applies
 * the defaults, maps and validates); the password and headers sealed by `seal`, never in clear
 * on the bus. Nothing here judges an entry: webhooks skips or disables what it cannot use.
 */
export function legacyEntry(stored: unknown, seal: (value: string) => string): Entry {
  const entry: Record<string, unknown> = isRecord(stored) ? stored : {};
  const text = (key: string) => {
    const value = entry[key];
    return typeof value === 'string' ? value : null;
  };
  const list = (key: string) => {
    const value = entry[key];
    return Array.isArray(value)
      ? value.filter((item): item is string => typeof item === 'string')
      : null;
  };
  const password = text('auth_password');
  const headers = entry.headers;
  return {
    name: text('name'),
    enabled: typeof entry.enabled === 'boolean' ? entry.enabled : null,
    method: text('method'),
    url_template: text('url_template') ?? text('url'),
    actions: list('actions'),
    media_types: list('media_types'),
    path_mode: text('path_mode'),
    body_template: text('body_template'),
    timeout_seconds: typeof entry.timeout_seconds === 'number' ? entry.timeout_seconds : null,
    auth_username: text('auth_username'),
    auth_password_sealed: password === null ? null : seal(password),
    headers_sealed:
      typeof headers === 'object' && headers !== null ? seal(JSON.stringify(headers)) : null,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
