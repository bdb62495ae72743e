import type { GeneralSettings } from '@mcs/contracts';
import type { FieldError } from '@mcs/kit';

type Channel = GeneralSettings['notifications']['channels'][number];
type Kind = Channel['kind'];

/** One setting of a channel kind: whether it is required and what a valid value is. */
interface Rule {
  required?: boolean;
  check: (value: unknown) => string | undefined;
}

const text =
  (max: number) =>
  (value: unknown): string | undefined =>
    typeof value === 'string' && value.length >= 1 && value.length <= max
      ? undefined
      : `must be text of 1 to ${max} characters`;
const integer =
  (min: number, max: number) =>
  (value: unknown): string | undefined =>
    Number.isInteger(value) && Number(value) >= min && Number(value) <= max
      ? undefined
      : `must be an integer from ${min} to ${max}`;
const flag = (value: unknown): string | undefined =>
  typeof value === 'boolean' ? undefined : 'must be true or false';
const address = (value: unknown): string | undefined =>
  isAddress(value) ? undefined : 'must be an e-mail address';
const addresses = (value: unknown): string | undefined =>
  Array.isArray(value) && value.length >= 1 && value.length <= 20 && value.every(isAddress)
    ? undefined
    : 'must list 1 to 20 e-mail addresses';
/** The secret fields read "********" when kept, which text(…) accepts as it is. */
const secret = text(1024);

/** internal-api.md 6.1: the kind-specific settings; anything else is refused by name. */
const RULES: Readonly<Record<Kind, Readonly<Record<string, Rule>>>> = {
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

/** Why a channel's settings or destination are invalid, by field name (none: valid). */
export function channelErrors(channel: Channel, at: string): FieldError[] {
  const rules = RULES[channel.kind];
  const errors: FieldError[] = [];
  const fail = (name: string, message: string) => errors.push({ in: 'body', name, message });
  for (const [key, rule] of Object.entries(rules)) {
    const value = channel.settings[key];
    if (value === undefined) {
      if (rule.required) fail(`${at}.settings.${key}`, 'is required for this kind');
      continue;
    }
    const problem = rule.check(value);
    if (problem) fail(`${at}.settings.${key}`, problem);
  }
  for (const key of Object.keys(channel.settings)) {
    if (!(key in rules)) fail(`${at}.settings.${key}`, `is not a setting of ${channel.kind}`);
  }
  const destination = destinationProblem(channel);
  if (destination) fail(`${at}.url_or_host`, destination);
  return errors;
}

/** SMTP takes a host name; every other kind an http(s) URL. A kept (masked) value passes. */
function destinationProblem(channel: Channel): string | undefined {
  const value = channel.url_or_host;
  if (value === '********') return undefined;
  if (channel.kind === 'smtp') {
    return isHostName(value) ? undefined : 'must be a host name or address, without scheme';
  }
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

/** Letters, digits, dots, hyphens and colons (IPv6), at most 253: checked char by char. */
function isHostName(value: string): boolean {
  if (value.length === 0 || value.length > 253) return false;
  for (const char of value) {
    if (!/[A-Za-z0-9.:-]/.test(char)) return false;
  }
  return true;
}

/** local@domain with no spaces; the mail server has the last word. */
function isAddress(value: unknown): boolean {
  if (typeof value !== 'string' || value.length > 254) return false;
  const at = value.indexOf('@');
  return at > 0 && at === value.lastIndexOf('@') && at < value.length - 1 && !value.includes(' ');
}
