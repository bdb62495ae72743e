import type { GeneralSettings } from './messages';

/**
 * The rules of a notification channel's kind-specific settings and destination
 * (internal-api.md 6.1), written once: the scheduler refuses a channel that breaks them when it
 * is saved, and webhooks when one is tested before it is saved or read to be sent. Pure; text
 * from users is checked character by character, never with a backtracking pattern.
 */
export type NotificationChannel = GeneralSettings['notifications']['channels'][number];

/** How a kept secret (or destination) reads over HTTP, and is sent back to keep it. */
export const SECRET_MASK = '********';

export interface ChannelProblem {
  /** The field, relative to the channel (`settings.topic`, `url_or_host`). */
  field: string;
  message: string;
}

type Check = (value: unknown) => string | undefined;

const text =
  (max: number): Check =>
  (value) =>
    typeof value === 'string' && value.length >= 1 && value.length <= max
      ? undefined
      : `must be text of 1 to ${max} characters`;
const integer =
  (min: number, max: number): Check =>
  (value) =>
    Number.isInteger(value) && Number(value) >= min && Number(value) <= max
      ? undefined
      : `must be an integer from ${min} to ${max}`;
const flag: Check = (value) => (typeof value === 'boolean' ? undefined : 'must be true or false');
const address: Check = (value) => (isMailAddress(value) ? undefined : 'must be an e-mail address');
const addresses: Check = (value) =>
  Array.isArray(value) && value.length >= 1 && value.length <= 20 && value.every(isMailAddress)
    ? undefined
    : 'must list 1 to 20 e-mail addresses';
/** Secret settings read "********" when kept, which text(…) accepts as it is. */
const secret = text(1024);

/** Per kind, its settings: whether required and what a valid value is; others are refused. */
const RULES: Readonly<
  Record<NotificationChannel['kind'], Readonly<Record<string, { required?: true; check: Check }>>>
> = {
  discord: { username: { check: text(80) } },
  slack: { username: { check: text(80) } },
  ntfy: {
    topic: { required: true, check: text(64) },
    priority: { check: integer(1, 5) },
    token: { check: secret },
    username: { check: text(200) },
    password: { check: secret },
  },
  gotify: { token: { required: true, check: secret }, priority: { check: integer(0, 10) } },
  smtp: {
    port: { required: true, check: integer(1, 65535) },
    from: { required: true, check: address },
    to: { required: true, check: addresses },
    secure: { check: flag },
    username: { check: text(200) },
    password: { check: secret },
  },
  json_webhook: {},
};

/** The channel settings that are secrets (sealed in settings.changed), whatever the kind. */
export const SECRET_SETTINGS = ['token', 'password'] as const;

/** What is wrong with a channel's settings and destination (none: valid). Kept values pass. */
export function notificationChannelProblems(channel: NotificationChannel): ChannelProblem[] {
  const rules = RULES[channel.kind];
  const problems: ChannelProblem[] = [];
  const fail = (field: string, message: string) => problems.push({ field, message });
  for (const [key, rule] of Object.entries(rules)) {
    const value = channel.settings[key];
    if (value === undefined || value === null) {
      if (rule.required) fail(`settings.${key}`, 'is required for this kind');
      continue;
    }
    const problem = rule.check(value);
    if (problem) fail(`settings.${key}`, problem);
  }
  for (const key of Object.keys(channel.settings))
    if (!(key in rules)) fail(`settings.${key}`, `is not a setting of ${channel.kind}`);
  const destination = destinationProblem(channel);
  if (destination) fail('url_or_host', destination);
  return problems;
}

/** SMTP takes a host name; every other kind an http(s) URL. */
function destinationProblem(channel: NotificationChannel): string | undefined {
  const value = channel.url_or_host;
  if (value === SECRET_MASK) return undefined;
  if (channel.kind === 'smtp')
    return isHostName(value) ? undefined : 'must be a host name or address, without scheme';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an http(s) URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must be an http(s) URL';
  if (url.username || url.password) return 'must not hold a user name or password';
  return undefined;
}

const HOST_CHARS = new Set('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.:-');

/** Letters, digits, dots, hyphens and colons (IPv6), at most 253. */
function isHostName(value: string): boolean {
  if (value.length === 0 || value.length > 253) return false;
  for (const char of value) if (!HOST_CHARS.has(char)) return false;
  return true;
}

/**
 * local@domain without spaces, line breaks or the characters that would end an address in a
 * mail header (`<`, `>`, `,`); the mail server has the last word.
 */
export function isMailAddress(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 254) return false;
  const at = value.indexOf('@');
  return (
    at > 0 &&
    at === value.lastIndexOf('@') &&
    at < value.length - 1 &&
    ![' ', '\r', '\n', '<', '>', ','].some((bad) => value.includes(bad))
  );
}
