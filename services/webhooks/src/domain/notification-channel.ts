/**
 * A notification channel of the general settings (internal-api.md 6.1) as the sender needs it:
 * its secrets opened and its kind's settings read into a typed shape. Pure: opening is passed
 * in. The scheduler validated the channel when it was saved; reading again keeps a channel
 * tested before it is saved, or an odd stored one, from becoming a crash instead of a 422 or a
 * failed delivery.
 */
import type { GeneralSettings } from '@mcs/contracts';

export type NotificationChannel = GeneralSettings['notifications']['channels'][number];
export type ChannelKind = NotificationChannel['kind'];

/** How a kept secret reads over HTTP (internal-api.md 6.1). */
export const MASK = '********';

/** The channel settings that are secrets (sealed in settings.changed), whatever the kind. */
export const SECRET_SETTINGS = ['token', 'password'] as const;

export type ChannelOptions =
  | { kind: 'discord' | 'slack'; username: string | null }
  | {
      kind: 'ntfy';
      topic: string;
      priority: number | null;
      token: string | null;
      username: string | null;
      password: string | null;
    }
  | { kind: 'gotify'; token: string; priority: number | null }
  | {
      kind: 'smtp';
      port: number;
      from: string;
      to: string[];
      secure: boolean;
      username: string | null;
      password: string | null;
    }
  | { kind: 'json_webhook' };

/** A channel ready to send to: the destination in clear and its kind's options. */
export interface SendableChannel {
  name: string;
  /** The URL (every kind but smtp) or the SMTP host, opened. */
  destination: string;
  options: ChannelOptions;
}

export interface ChannelProblem {
  /** The field, relative to the channel (`settings.topic`, `url_or_host`). */
  field: string;
  message: string;
}

/**
 * The channel with `url_or_host` and its secret settings passed through `open` (the sealed
 * forms of settings.changed become clear text). `open` throws when it cannot.
 */
export function openChannel(
  channel: NotificationChannel,
  open: (sealed: string) => string,
): NotificationChannel {
  const settings: Record<string, unknown> = { ...channel.settings };
  for (const key of SECRET_SETTINGS) {
    const value = settings[key];
    if (typeof value === 'string') settings[key] = open(value);
  }
  return { ...channel, url_or_host: open(channel.url_or_host), settings };
}

/** Every secret in clear that the channel holds: what redaction must never let through. */
export function channelSecrets(channel: SendableChannel): string[] {
  const { options } = channel;
  const values: (string | null)[] = [channel.destination];
  if (channel.options.kind !== 'smtp') values.push(pathOf(channel.destination));
  if (options.kind === 'ntfy') values.push(options.token, options.password);
  if (options.kind === 'gotify') values.push(options.token);
  if (options.kind === 'smtp') values.push(options.password);
  return values.filter((value): value is string => value !== null && value.length > 3);
}

/** A webhook URL's path often is the credential (Discord, Slack): redacted on its own too. */
function pathOf(url: string): string | null {
  try {
    const { pathname, search } = new URL(url);
    return pathname.length > 1 ? pathname + search : null;
  } catch {
    return null;
  }
}

/** The channel's options by kind, or what is missing or wrong (with secrets in clear). */
export function readChannel(
  channel: NotificationChannel,
): { ok: true; channel: SendableChannel } | { ok: false; problems: ChannelProblem[] } {
  const reader = new SettingsReader(channel.settings);
  const options = optionsOf(channel.kind, reader);
  const problems = [...reader.problems];
  const destination = channel.url_or_host;
  const destinationProblem =
    channel.kind === 'smtp' ? hostProblem(destination) : urlProblem(destination);
  if (destinationProblem) problems.push({ field: 'url_or_host', message: destinationProblem });
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, channel: { name: channel.name, destination, options } };
}

function optionsOf(kind: ChannelKind, read: SettingsReader): ChannelOptions {
  switch (kind) {
    case 'discord':
    case 'slack':
      return { kind, username: read.text('username', false) };
    case 'ntfy':
      return {
        kind,
        topic: read.text('topic', true) ?? '',
        priority: read.integer('priority', 1, 5),
        token: read.text('token', false),
        username: read.text('username', false),
        password: read.text('password', false),
      };
    case 'gotify':
      return {
        kind,
        token: read.text('token', true) ?? '',
        priority: read.integer('priority', 0, 10),
      };
    case 'smtp':
      return {
        kind,
        port: read.integer('port', 1, 65535, true) ?? 0,
        from: read.address('from') ?? '',
        to: read.addresses('to'),
        secure: read.flag('secure'),
        username: read.text('username', false),
        password: read.text('password', false),
      };
    case 'json_webhook':
      return { kind };
  }
}

class SettingsReader {
  readonly problems: ChannelProblem[] = [];

  constructor(private readonly settings: Readonly<Record<string, unknown>>) {}

  text(key: string, required: boolean): string | null {
    const value = this.settings[key];
    if (value === undefined || value === null) return this.missing(key, required);
    if (typeof value === 'string' && value.length > 0 && value !== MASK) return value;
    return this.fail(key, 'must be text');
  }

  integer(key: string, min: number, max: number, required = false): number | null {
    const value = this.settings[key];
    if (value === undefined || value === null) return this.missing(key, required);
    if (typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max)
      return value;
    return this.fail(key, `must be an integer from ${min} to ${max}`);
  }

  flag(key: string): boolean {
    const value = this.settings[key];
    if (value === undefined || value === null) return false;
    if (typeof value === 'boolean') return value;
    this.fail(key, 'must be true or false');
    return false;
  }

  address(key: string): string | null {
    const value = this.settings[key];
    if (value === undefined || value === null) return this.missing(key, true);
    return isAddress(value) ? value : this.fail(key, 'must be an e-mail address');
  }

  addresses(key: string): string[] {
    const value = this.settings[key];
    const list = typeof value === 'string' ? [value] : value;
    if (Array.isArray(list) && list.length >= 1 && list.length <= 20 && list.every(isAddress))
      return list;
    this.fail(key, 'must list 1 to 20 e-mail addresses');
    return [];
  }

  private missing(key: string, required: boolean): null {
    return required ? this.fail(key, 'is required for this kind') : null;
  }

  private fail(key: string, message: string): null {
    this.problems.push({ field: `settings.${key}`, message });
    return null;
  }
}

/** local@domain without spaces or line breaks; the mail server has the last word. */
function isAddress(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 254) return false;
  const at = value.indexOf('@');
  return (
    at > 0 &&
    at === value.lastIndexOf('@') &&
    at < value.length - 1 &&
    ![' ', '\r', '\n', '<', '>', ','].some((bad) => value.includes(bad))
  );
}

function urlProblem(value: string): string | undefined {
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
function hostProblem(value: string): string | undefined {
  if (value.length === 0 || value.length > 253) return 'must be a host name or address';
  for (const char of value) {
    if (!/[A-Za-z0-9.:-]/.test(char)) return 'must be a host name or address, without scheme';
  }
  return undefined;
}

/**
 * A channel tested before it is saved (internal-api.md 6.2), in clear but for the fields sent
 * back as MASK: those take the saved channel's value (`saved`, sealed; found by the same id),
 * opened with `open`. A kept secret setting goes only where the saved channel sends it (same
 * kind, same destination), so a test cannot carry a stored token to another host.
 */
export function withKeptValues(
  channel: NotificationChannel,
  saved: NotificationChannel | undefined,
  open: (sealed: string) => string,
): { ok: true; channel: NotificationChannel } | { ok: false; problems: ChannelProblem[] } {
  const problems: ChannelProblem[] = [];
  const keep = (field: string, savedValue: unknown): string => {
    if (typeof savedValue === 'string') return open(savedValue);
    problems.push({ field, message: 'nothing is saved to keep: send the value' });
    return MASK;
  };
  const urlOrHost =
    channel.url_or_host === MASK ? keep('url_or_host', saved?.url_or_host) : channel.url_or_host;
  const settings: Record<string, unknown> = { ...channel.settings };
  for (const key of SECRET_SETTINGS) {
    if (settings[key] !== MASK) continue;
    settings[key] = keep(`settings.${key}`, saved?.settings[key]);
    const sameDestination =
      saved !== undefined &&
      saved.kind === channel.kind &&
      (channel.url_or_host === MASK || channel.url_or_host === open(saved.url_or_host));
    if (!sameDestination && problems.length === 0)
      problems.push({
        field: `settings.${key}`,
        message: 'a saved secret is only sent to the saved destination: send the value',
      });
  }
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, channel: { ...channel, url_or_host: urlOrHost, settings } };
}
