/**
 * A notification channel of the general settings (internal-api.md 6.1) as the sender needs it:
 * its secrets opened and its kind's settings read into a typed shape. Pure: opening is passed
 * in. The scheduler validated the channel when it was saved; reading again keeps a channel
 * tested before it is saved, or an odd stored one, from becoming a crash instead of a 422 or a
 * failed delivery.
 */
import {
  notificationChannelProblems,
  SECRET_MASK as MASK,
  SECRET_SETTINGS,
  type ChannelProblem,
  type NotificationChannel,
} from '@mcs/contracts';

export { MASK, SECRET_SETTINGS, type ChannelProblem, type NotificationChannel };

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

/**
 * The channel's options by kind, or what is wrong with it: the kind's rules from the contract
 * (the scheduler's, when it was saved), and no value left masked (secrets must be in clear here).
 */
export function readChannel(
  channel: NotificationChannel,
): { ok: true; channel: SendableChannel } | { ok: false; problems: ChannelProblem[] } {
  const problems = notificationChannelProblems(channel);
  if (channel.url_or_host === MASK) problems.push({ field: 'url_or_host', message: MUST_OPEN });
  for (const key of SECRET_SETTINGS)
    if (channel.settings[key] === MASK)
      problems.push({ field: `settings.${key}`, message: MUST_OPEN });
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    channel: { name: channel.name, destination: channel.url_or_host, options: optionsOf(channel) },
  };
}

const MUST_OPEN = 'must be sent in clear';

/** The kind's settings, typed; only after the rules passed (so each present value is valid). */
function optionsOf({ kind, settings }: NotificationChannel): ChannelOptions {
  const text = (key: string) => (typeof settings[key] === 'string' ? settings[key] : null);
  const integer = (key: string) => (typeof settings[key] === 'number' ? settings[key] : null);
  switch (kind) {
    case 'discord':
    case 'slack':
      return { kind, username: text('username') };
    case 'ntfy':
      return {
        kind,
        topic: text('topic') ?? '',
        priority: integer('priority'),
        token: text('token'),
        username: text('username'),
        password: text('password'),
      };
    case 'gotify':
      return { kind, token: text('token') ?? '', priority: integer('priority') };
    case 'smtp': {
      const to = settings.to;
      return {
        kind,
        port: integer('port') ?? 0,
        from: text('from') ?? '',
        to: Array.isArray(to) ? to.filter((entry) => typeof entry === 'string') : [],
        secure: settings.secure === true,
        username: text('username'),
        password: text('password'),
      };
    }
    case 'json_webhook':
      return { kind };
  }
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
