/**
 * `WebhookEndpointInput` (events-webhooks.md §3.1–3.4) to the settings we store. Every field
 * problem is collected and thrown as one 422 `validation_failed` naming each field. Create,
 * update (full replacement) and the unsaved test share this one reading.
 */
import { Input, outboundUrlProblem, secretsToEnterAgain } from '@mcs/kit';
import { type DestinationPolicy, hostAllowed } from './destination-guard';
import { type Header, readHeaders } from './endpoint-headers';
import { EVENT_TYPES, type EventType, MEDIA_TYPES, type MediaType } from './event-types';
import { parseTemplate, TemplateSyntaxError, urlTemplateProblem } from './template';
import type { PathMode } from './template-context';

export type Method = 'POST' | 'GET';

export interface EndpointSettings {
  name: string;
  enabled: boolean;
  url: string;
  method: Method;
  eventTypes: EventType[];
  mediaTypes: MediaType[];
  timeoutSeconds: number;
  headers: Header[];
  authUsername: string | null;
  authPassword: string | null;
  urlTemplate: string | null;
  bodyTemplate: string | null;
  pathMode: PathMode;
}

/** What an update keeps when the input says so (masked headers, omitted password). */
export interface StoredSecrets {
  /** The URL they were entered for: they are kept only on its origin. */
  url: string;
  headers: readonly Header[];
  authPassword: string | null;
}

export interface ReadOptions {
  policy: DestinationPolicy;
  /** The endpoint being updated; absent on create and unsaved tests. */
  stored?: StoredSecrets;
}

const PATH_MODES = ['original', 'local', 'destination'] as const satisfies readonly PathMode[];

/** Throws `Invalid` (422) listing every bad field. */
export function readEndpointInput(body: unknown, options: ReadOptions): EndpointSettings {
  const input = Input.body(body);
  for (const field of ['name', 'url', 'event_types']) input.required(field);
  const method = readMethod(input);
  const authUsername = optionalText(input, 'auth_username', 200);
  if (authUsername?.includes(':')) input.fail('auth_username', 'Must not contain ":".');
  const url = readUrl(input, options.policy);
  const bodyTemplate = readTemplate(input, 'body_template', 16384);
  if (bodyTemplate !== null && method === 'GET')
    input.fail('body_template', 'Only POST endpoints can have a body template.');
  const urlTemplate = readTemplate(input, 'url_template', 2048);
  if (urlTemplate !== null && url !== undefined) {
    const problem = urlTemplateProblem(urlTemplate, url);
    if (problem) input.fail('url_template', problem);
  }
  const headers = readHeaders(input, {
    hasBodyTemplate: bodyTemplate !== null,
    hasBasicAuth: authUsername !== null,
    stored: options.stored?.headers ?? [],
  });
  const password = readPassword(input, authUsername, options.stored);
  if (options.stored && url !== undefined) {
    const kept = [...headers.kept, ...(password.kept ? ['auth_password'] : [])];
    for (const field of secretsToEnterAgain(options.stored.url, url, kept))
      input.fail(field, 'url points to another origin: enter this secret again or remove it.');
  }
  const settings: EndpointSettings = {
    name: readName(input),
    enabled: input.boolean('enabled') ?? true,
    url: url ?? '',
    method,
    eventTypes: readList(input, 'event_types', EVENT_TYPES) ?? [],
    mediaTypes: readList(input, 'media_types', MEDIA_TYPES) ?? [...MEDIA_TYPES],
    timeoutSeconds: input.int('timeout_seconds', { min: 1, max: 120 }) ?? 15,
    headers: headers.headers,
    authUsername,
    authPassword: password.value,
    urlTemplate,
    bodyTemplate,
    pathMode: input.oneOf('path_mode', PATH_MODES) ?? 'original',
  };
  input.done();
  return settings;
}

function readName(input: Input): string {
  const raw = input.raw('name');
  const name = typeof raw === 'string' ? raw.trim() : '';
  if (raw !== undefined && (name.length < 1 || name.length > 100))
    input.fail('name', 'Must be 1 to 100 characters (surrounding spaces are trimmed).');
  return name;
}

function readMethod(input: Input): Method {
  const raw = input.raw('method');
  if (raw === undefined || raw === null) return 'POST';
  const method = typeof raw === 'string' ? raw.toUpperCase() : '';
  if (method === 'POST' || method === 'GET') return method;
  return input.fail('method', 'Must be POST or GET.') ?? 'POST';
}

function readUrl(input: Input, policy: DestinationPolicy): string | undefined {
  const url = input.string('url', { min: 1, max: 2048 })?.trim();
  if (url === undefined) return undefined;
  const problem = outboundUrlProblem(url);
  if (problem?.reason === 'invalid' || problem?.reason === 'credentials')
    return input.fail('url', problem.message);
  if (/[{}]/.test(url))
    return input.fail('url', 'Must not contain placeholders; use url_template.');
  if (url.includes('#')) return input.fail('url', 'Must not contain a fragment (#).');
  // Host names are judged when sending (their answer may change); literals and localhost now.
  if (hostAllowed(new URL(url).hostname, policy) === false)
    return input.fail(
      'url',
      'Must not point to a link-local, metadata, reserved or blocked private address.',
    );
  return url;
}

/** A distinct, non-empty subset of `allowed`, returned in `allowed`'s order. */
function readList<T extends string>(
  input: Input,
  name: string,
  allowed: readonly T[],
): T[] | undefined {
  const raw = input.array(name);
  if (raw === undefined) return undefined;
  const unknown = raw.filter((value) => !(allowed as readonly unknown[]).includes(value));
  if (unknown.length > 0 || raw.length === 0)
    return input.fail(name, `Must list 1 to ${allowed.length} of ${allowed.join(', ')}.`);
  return allowed.filter((value) => raw.includes(value));
}

/** null, "" and absent all mean "not set". */
function optionalText(input: Input, name: string, max: number): string | null {
  const raw = input.raw(name);
  if (raw === undefined || raw === null || raw === '') return null;
  return input.string(name, { min: 1, max }) ?? null;
}

function readTemplate(input: Input, name: string, max: number): string | null {
  const template = optionalText(input, name, max);
  if (template === null) return null;
  try {
    parseTemplate(template);
  } catch (error) {
    if (!(error instanceof TemplateSyntaxError)) throw error;
    input.fail(name, error.message);
  }
  return template;
}

/** §3.2: omitted keeps the stored password, null/"" clears it, no user name clears it too. */
function readPassword(
  input: Input,
  authUsername: string | null,
  stored: StoredSecrets | undefined,
): { value: string | null; kept: boolean } {
  if (authUsername === null) return { value: null, kept: false };
  if (input.raw('auth_password') === undefined) {
    const value = stored?.authPassword ?? null;
    return { value, kept: value !== null };
  }
  return { value: optionalText(input, 'auth_password', 1024), kept: false };
}
