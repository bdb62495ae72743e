/**
 * One legacy post-action webhook to an endpoint (events-webhooks.md §5.2–5.3): the mapping,
 * the defaults and the clamping, then the current validation. An entry that fails it is still
 * migrated, disabled, without the values that failed, so what is stored always holds.
 */
import type { Events } from '@mcs/contracts';
import { AppError } from '@mcs/kit';
import type { DestinationPolicy } from './destination-guard';
import type { Header } from './endpoint-headers';
import { type EndpointSettings, readEndpointInput } from './endpoint-input';
import { EVENT_TYPES, type EventType, MEDIA_TYPES, type MediaType } from './event-types';
import type { PathMode } from './template-context';

export type LegacyEntry = Events.components['schemas']['LegacyPostActionWebhook'];

export const LEGACY_DEFAULT_NAME = 'Post-action webhook';
const NAME_MAX = 100;
const ACTIONS: Readonly<Record<string, EventType>> = {
  deleted: 'candidate.deleted',
  moved: 'candidate.moved',
};
const PATH_MODES: readonly string[] = ['original', 'local', 'destination'];

export type LegacyPlan =
  /** Not an absolute http(s) URL with a literal host (§5.3). */
  | { kind: 'skipped'; name: string }
  /** `valid` false: the entry failed current validation and is created disabled (§5.3). */
  | { kind: 'endpoint'; settings: EndpointSettings; valid: boolean };

export interface LegacyContext {
  /** The entry's secrets opened; null when absent, undefined when they do not open. */
  password: string | null | undefined;
  headers: string | null | undefined;
  policy: DestinationPolicy;
  /** Names already taken (lower case); the entry's own is added. */
  taken: Set<string>;
}

export function planLegacyEndpoint(entry: LegacyEntry, context: LegacyContext): LegacyPlan {
  const url = legacyUrl(entry.url_template);
  if (url === null) return { kind: 'skipped', name: baseName(entry.name) };
  const failed = new Set<string>();
  const events = legacyEventTypes(entry.actions);
  const candidate: EndpointSettings = {
    name: uniqueName(entry.name, context.taken),
    enabled: (entry.enabled ?? true) && events.kept,
    url,
    method: entry.method?.trim().toUpperCase() === 'POST' ? 'POST' : 'GET',
    eventTypes: events.types,
    mediaTypes: legacyMediaTypes(entry.media_types, failed),
    timeoutSeconds: clampTimeout(entry.timeout_seconds),
    headers: legacyHeaders(context.headers, failed),
    authUsername: nonEmpty(entry.auth_username),
    authPassword: context.password === undefined ? null : context.password,
    urlTemplate: nonEmpty(entry.url_template?.trim()),
    bodyTemplate: nonEmpty(entry.body_template),
    pathMode: legacyPathMode(entry.path_mode, failed),
  };
  if (context.password === undefined) failed.add('auth_password');
  if (!events.kept) failed.add('event_types');
  return settle(candidate, context.policy, failed);
}

/** The URL's scheme, host and port followed by `/`; null unless a literal http(s) host. */
export function legacyUrl(template: string | null | undefined): string | null {
  const match = /^(https?):\/\/([^/?#{}\s]+)(?:[/?#]|$)/i.exec(template?.trim() ?? '');
  if (!match) return null;
  try {
    const url = new URL(`${match[1]}://${match[2]}/`);
    return url.hostname === '' ? null : `${url.protocol}//${url.host}/`;
  } catch {
    return null;
  }
}

/** The legacy name, or the default; a taken one gets " (2)", " (3)", … (within 100 chars). */
export function uniqueName(raw: string | null | undefined, taken: Set<string>): string {
  const base = baseName(raw);
  let name = base;
  for (let n = 2; taken.has(name.toLowerCase()); n += 1) {
    const suffix = ` (${n})`;
    name = `${base.slice(0, NAME_MAX - suffix.length).trimEnd()}${suffix}`;
  }
  taken.add(name.toLowerCase());
  return name;
}

function baseName(raw: string | null | undefined): string {
  return raw?.trim().slice(0, NAME_MAX).trim() || LEGACY_DEFAULT_NAME;
}

/** Only deleted and moved carry over; nothing left: both, and the endpoint disabled. */
function legacyEventTypes(actions: string[] | null | undefined) {
  if (actions === null || actions === undefined) return { types: both(), kept: true };
  const mapped = actions.flatMap((action) => ACTIONS[action.trim().toLowerCase()] ?? []);
  if (mapped.length === 0) return { types: both(), kept: false };
  return { types: EVENT_TYPES.filter((type) => mapped.includes(type)), kept: true };
}

const both = (): EventType[] => Object.values(ACTIONS);

function legacyMediaTypes(raw: string[] | null | undefined, failed: Set<string>): MediaType[] {
  if (raw === null || raw === undefined) return [...MEDIA_TYPES];
  const types = MEDIA_TYPES.filter((type) => raw.includes(type));
  if (types.length === 0 || raw.some((type) => !(MEDIA_TYPES as readonly string[]).includes(type)))
    failed.add('media_types');
  return types.length === 0 ? [...MEDIA_TYPES] : types;
}

function legacyPathMode(raw: string | null | undefined, failed: Set<string>): PathMode {
  if (raw === null || raw === undefined) return 'original';
  if (PATH_MODES.includes(raw)) return raw as PathMode;
  failed.add('path_mode');
  return 'original';
}

function clampTimeout(raw: number | null | undefined): number {
  if (raw === null || raw === undefined || !Number.isFinite(raw)) return 15;
  return Math.min(120, Math.max(1, Math.round(raw)));
}

/** `[{name, value}]` or `{name: value}` as JSON; anything else fails (and is dropped). */
function legacyHeaders(opened: string | null | undefined, failed: Set<string>): Header[] {
  if (opened === null) return [];
  try {
    if (opened === undefined) throw new Error('unreadable');
    const parsed: unknown = JSON.parse(opened);
    const entries = Array.isArray(parsed)
      ? parsed.map((item: unknown) => {
          const { name, value } = (item ?? {}) as Record<string, unknown>;
          return [name, value];
        })
      : Object.entries(parsed as Record<string, unknown>);
    if (entries.some(([name, value]) => typeof name !== 'string' || typeof value !== 'string'))
      throw new Error('not text');
    return entries.map(([name, value]) => ({ name: name as string, value: value as string }));
  } catch {
    failed.add('headers');
    return [];
  }
}

function nonEmpty(text: string | null | undefined): string | null {
  return text === null || text === undefined || text === '' ? null : text;
}

/** Fields that can be left out when they fail; the others (url, name) are kept as they are. */
const DROPS: Readonly<Record<string, (settings: EndpointSettings) => EndpointSettings>> = {
  headers: (s) => ({ ...s, headers: [] }),
  url_template: (s) => ({ ...s, urlTemplate: null }),
  body_template: (s) => ({ ...s, bodyTemplate: null }),
  auth_username: (s) => ({ ...s, authUsername: null, authPassword: null }),
  auth_password: (s) => ({ ...s, authUsername: null, authPassword: null }),
};

/**
 * The current validation of §3 on the candidate. What fails is dropped and validated again
 * (dropping a body template can make a Content-Type header fail); once only fields that cannot
 * be dropped fail (a URL the guard refuses), the candidate is stored as it is, disabled.
 */
function settle(
  candidate: EndpointSettings,
  policy: DestinationPolicy,
  failed: Set<string>,
): LegacyPlan {
  const disabled = (settings: EndpointSettings): LegacyPlan => ({
    kind: 'endpoint',
    settings: { ...settings, enabled: false },
    valid: false,
  });
  let current = dropped(candidate, failed);
  // Each round leaves out at least one more field, and a left-out field cannot fail again.
  for (let round = 0; round <= Object.keys(DROPS).length; round += 1) {
    const checked = problemFields(current, policy);
    if (!(checked instanceof Set))
      return failed.size === 0
        ? { kind: 'endpoint', settings: checked, valid: true }
        : disabled(checked);
    checked.forEach((field) => failed.add(field));
    if (![...checked].some((field) => field in DROPS)) break;
    current = dropped(current, checked);
  }
  return disabled(current);
}

function dropped(settings: EndpointSettings, fields: Set<string>): EndpointSettings {
  return [...fields].reduce((current, field) => DROPS[field]?.(current) ?? current, settings);
}

/** The validated settings, or the top-level names of the fields that fail. */
function problemFields(
  settings: EndpointSettings,
  policy: DestinationPolicy,
): EndpointSettings | Set<string> {
  try {
    return readEndpointInput(inputOf(settings), { policy });
  } catch (error) {
    if (!(error instanceof AppError) || error.status !== 422) throw error;
    return new Set((error.extra.errors ?? []).map(({ name }) => name.split(/[.[]/)[0] ?? name));
  }
}

function inputOf(settings: EndpointSettings) {
  return {
    name: settings.name,
    enabled: settings.enabled,
    url: settings.url,
    method: settings.method,
    event_types: settings.eventTypes,
    media_types: settings.mediaTypes,
    timeout_seconds: settings.timeoutSeconds,
    headers: settings.headers,
    auth_username: settings.authUsername,
    auth_password: settings.authPassword,
    url_template: settings.urlTemplate,
    body_template: settings.bodyTemplate,
    path_mode: settings.pathMode,
  };
}
