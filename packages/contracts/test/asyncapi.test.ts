// Contract tests of the AsyncAPI document (events-webhooks.md §1, architecture.md messaging,
// domain.md §9) and of the message catalogue and validator generated from it.
import {
  DiagnosticSeverity,
  Parser,
  fromFile,
  type AsyncAPIDocumentInterface,
} from '@asyncapi/parser';
import {
  documentPaths,
  eventsDocument,
  exchangeOf,
  externalOpenApiDocument,
  isMessageName,
  messageCatalogue,
  validateMessage,
  type MessageName,
} from '@mcs/contracts';

type J = Record<string, unknown>;
const obj = (v: unknown): J =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as J) : {};
const words = (s: string): string[] => s.trim().split(/\s+/);
/** The validator's error text for a rejected payload ('accepted' when it is valid). */
const errorsOf = (name: MessageName, payload: unknown): string => {
  const result = validateMessage(name, payload);
  return result.ok ? 'accepted' : result.errors;
};

// events-webhooks.md §1.1: exactly 11 lifecycle event types.
const EVENT_TYPES = words(`candidate.scheduled candidate.canceled candidate.postponed
  candidate.timer_reset candidate.protected candidate.deleted candidate.moved candidate.unmonitored
  candidate.unmonitored_only protection.created protection.removed`);
// domain.md §9: the task catalogue.
const TASKS = words(`sync_media refresh_playback_history resync_media sync_requests
  scan_cleanup_candidates tag_cleanup_candidates delete_cleanup_candidates prune_event_feed
  weekly_house_keeping`);

let document: AsyncAPIDocumentInterface;
beforeAll(async () => {
  const { document: parsed, diagnostics } = await fromFile(
    new Parser(),
    documentPaths.events,
  ).parse();
  const errors = diagnostics.filter((d) => Number(d.severity) === Number(DiagnosticSeverity.Error));
  expect(errors.map((d) => `${d.path.join('/')}: ${d.message}`)).toEqual([]);
  expect(parsed).toBeDefined();
  document = parsed!;
}, 30000);

const channels = () => document.channels().all();
const exchangeName = (channel: ReturnType<typeof channels>[number]): unknown =>
  obj(obj(channel.bindings().get('amqp')?.value()).exchange).name;

test('events.yaml parses with @asyncapi/parser, resolving the OpenAPI refs, without errors', () => {
  expect(document.version()).toMatch(/^3\.0\./);
  // The Candidate schema of external-v1.yaml was resolved into the candidate.canceled payload.
  const payload = JSON.stringify(document.messages().get('candidateCanceled')?.payload()?.json());
  expect(payload).toContain('auto_delete_eligible_at');
  expect(payload).not.toContain('external-v1.yaml#');
});

// ---------------------------------------------------------------- realistic lifecycle events
const T = '2026-03-01T12:00:00.000Z';
// prettier-ignore
const candidate = (over: J = {}): J => ({
  id: 812, media_type: 'movie', scope: 'version', media_id: 311, movie_version_id: 904,
  series_id: null, season_id: null, season_number: null, episode_id: null, episode_number: null,
  title: 'Fight Club', year: 1999, tmdb_id: 550, matched_rule_ids: [3, 7],
  reason: 'Not watched for 400 days; larger than 20 GB', delete_operation: 'delete',
  created_at: '2026-02-20T10:00:00.000Z', auto_delete_state: 'scheduled',
  auto_delete_delay_days: 14, auto_delete_eligible_at: '2026-03-06T10:00:00.000Z',
  auto_delete_is_active: true, auto_delete_is_eligible: false, auto_delete_cancelled_at: null,
  auto_delete_postponed_until: null, auto_delete_timer_started_at: null, lifecycle_reason: null,
  lifecycle_updated_at: null, blockers: [], ...over,
});
// prettier-ignore
const protection: J = {
  id: 57, media_type: 'series', scope: 'season', media_id: 88, movie_version_id: null,
  series_id: 88, season_id: 1203, season_number: 2, episode_id: null, episode_number: null,
  title: 'The Expanse', year: 2015, tmdb_id: 63639, source: 'api', reason: 'Rewatch planned',
  permanent: false, expires_at: '2026-06-01T00:00:00.000Z', active: true, created_at: T,
  updated_at: T,
};
const api = { type: 'api_token', id: 4 };
const user = { type: 'user', id: 2 };
const system = { type: 'system', id: null };
const acted = (reason: string) => ({ lifecycle_reason: reason, lifecycle_updated_at: T });

/** Actor, operation_id and object of a realistic event of each type (external-api.md §2.3/§2.7). */
// prettier-ignore
const SCENARIOS: Record<string, [J, number | null, J]> = {
  'candidate.scheduled': [system, null, candidate()],
  'candidate.canceled': [api, null, candidate({ auto_delete_state: 'canceled', auto_delete_is_active: false, auto_delete_cancelled_at: T, ...acted('Keep') })],
  'candidate.postponed': [user, null, candidate({ auto_delete_state: 'postponed', auto_delete_postponed_until: '2026-04-15T00:00:00.000Z', auto_delete_eligible_at: '2026-04-15T00:00:00.000Z', ...acted('Easter') })],
  'candidate.timer_reset': [api, null, candidate({ auto_delete_timer_started_at: T, auto_delete_eligible_at: '2026-03-15T12:00:00.000Z', ...acted('Again') })],
  'candidate.protected': [api, null, candidate({ blockers: ['protected'], ...acted('Classic') })],
  'candidate.deleted': [system, 3107, candidate({ auto_delete_state: 'eligible', auto_delete_is_eligible: true })],
  'candidate.moved': [user, 3108, candidate({ delete_operation: 'move', auto_delete_state: 'eligible', auto_delete_is_eligible: true })],
  'candidate.unmonitored': [system, 3109, candidate({ auto_delete_state: 'eligible', auto_delete_is_eligible: true })],
  'candidate.unmonitored_only': [system, 3110, candidate({ auto_delete_state: 'eligible', auto_delete_is_eligible: true })],
  'protection.created': [api, null, protection],
  'protection.removed': [user, null, protection],
};

function lifecycleEvent(type: string): J {
  const [actor, operationId, subject] = SCENARIOS[type]!;
  const id = '5d0b6c1e-3f2a-4e7b-9a51-8c2f0d9e1a34';
  const isCandidate = type.startsWith('candidate.');
  const media = `/api/v1/${subject.media_type === 'movie' ? 'movies' : 'series'}/${String(subject.media_id)}`;
  const links = isCandidate
    ? { self: `/api/v1/candidates/${String(subject.id)}`, media }
    : type === 'protection.created'
      ? { self: `/api/v1/protections/${String(subject.id)}`, media }
      : { collection: '/api/v1/protections', media };
  // prettier-ignore
  return {
    id, type, occurred_at: T, actor, media_type: subject.media_type, operation_id: operationId,
    candidate_id: isCandidate ? subject.id : type === 'protection.created' ? 812 : null,
    payload: { schema_version: 1, id, type, occurred_at: T, [isCandidate ? 'candidate' : 'protection']: subject, links },
  };
}

/** The same event under another type of its family, at the top level and/or in the envelope. */
function retyped(event: J, where: 'both' | 'envelope'): J {
  const type = String(event.type);
  const family = EVENT_TYPES.filter((t) => t.split('.')[0] === type.split('.')[0]);
  const other = family[(family.indexOf(type) + 1) % family.length]!;
  const payload = { ...obj(event.payload), type: other };
  return where === 'both' ? { ...event, type: other, payload } : { ...event, payload };
}

describe('the 11 lifecycle event types (events-webhooks.md §1.1)', () => {
  test('the OpenAPI EventType enum lists exactly the 11 types', () => {
    const schemas = obj(obj(externalOpenApiDocument().components).schemas);
    expect(obj(schemas.EventType).enum).toEqual(EVENT_TYPES);
  });

  test.each(EVENT_TYPES)('%s has its own channel on exchange mcs.events', (type) => {
    const matching = channels().filter((c) => c.address() === type);
    expect(matching).toHaveLength(1);
    expect(exchangeName(matching[0]!)).toBe('mcs.events');
    expect(
      matching[0]!
        .messages()
        .all()
        .map((m) => m.name()),
    ).toEqual([type]);
    expect(isMessageName(type) && exchangeOf(type)).toBe('events');
  });

  test.each(EVENT_TYPES)('a realistic %s event validates and its type is narrowed', (type) => {
    const name = type as MessageName;
    const event = lifecycleEvent(type);
    expect(validateMessage(name, event)).toEqual({ ok: true });
    expect(errorsOf(name, retyped(event, 'both'))).toMatch(/(^|; )\/type /);
    expect(errorsOf(name, retyped(event, 'envelope'))).toContain('/payload/type');
  });
});

describe('message headers (architecture.md: every message carries the common headers)', () => {
  const REQUIRED = ['message_id', 'correlation_id', 'occurred_at', 'schema_version'];

  test('every message has MessageHeaders requiring message_id, correlation_id, occurred_at, schema_version', () => {
    const messages = document.allMessages().all();
    expect(messages.length).toBeGreaterThanOrEqual(channels().length);
    const failures = messages
      .filter(
        (m) => !m.hasHeaders() || !REQUIRED.every((h) => m.headers()?.required()?.includes(h)),
      )
      .map((m) => m.id());
    expect(failures).toEqual([]);
    const raw = Object.entries(obj(obj(eventsDocument().components).messages));
    const refs = raw.filter(
      ([, m]) => obj(obj(m).headers).$ref !== '#/components/schemas/MessageHeaders',
    );
    expect(refs.map(([id]) => id)).toEqual([]);
  });
});

describe('message catalogue', () => {
  test('has exactly the channel addresses, each on the exchange of its binding', () => {
    const kinds: Record<string, string> = { 'mcs.events': 'events', 'mcs.commands': 'commands' };
    const expected = Object.fromEntries(
      channels().map((c): [string, unknown] => [
        String(c.address()),
        kinds[String(exchangeName(c))],
      ]),
    );
    const actual = Object.fromEntries(
      Object.entries(messageCatalogue).map(([k, v]) => [k, v.exchange]),
    );
    expect(actual).toEqual(expected);
    expect(Object.keys(actual).length).toBe(channels().length);
  });

  test.each(TASKS)('task.run.%s is a command on mcs.commands and takes that task', (task) => {
    const name = `task.run.${task}`;
    expect(isMessageName(name) && exchangeOf(name)).toBe('commands');
    const command = { run_id: 41, task_id: task, trigger: 'api', requested_by: api };
    expect(validateMessage(name as MessageName, command)).toEqual({ ok: true });
  });
});

describe('validateMessage', () => {
  const event = () => lifecycleEvent('candidate.canceled');

  test('rejects a payload missing a required field, also deep in the Candidate', () => {
    const { actor: _actor, ...withoutActor } = event();
    expect(errorsOf('candidate.canceled', withoutActor)).toMatch(/actor/);
    const { blockers: _blockers, ...partial } = candidate();
    const deep = { ...event(), payload: { ...obj(event().payload), candidate: partial } };
    expect(errorsOf('candidate.canceled', deep)).toMatch(/\/payload\/candidate .*blockers/);
  });

  test('accepts unknown additional fields (consumers tolerate additive changes)', () => {
    const payload = obj(event().payload);
    // prettier-ignore
    const extended = {
      ...event(), added_later: true,
      payload: { ...payload, added_later: 1, candidate: { ...obj(payload.candidate), added_later: 'x' } },
    };
    expect(validateMessage('candidate.canceled', extended)).toEqual({ ok: true });
    const command = {
      run_id: 1,
      task_id: 'sync_media',
      trigger: 'schedule',
      requested_by: null,
      extra: 1,
    };
    expect(validateMessage('task.run.sync_media', command)).toEqual({ ok: true });
  });
});

/** Property names of every schema under `roots` (examples skipped). */
function propertyNames(roots: unknown[]): string[] {
  const names = new Set<string>();
  const seen = new Set<unknown>();
  const visit = (node: unknown): void => {
    if (node === null || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) return node.forEach(visit);
    Object.keys(obj((node as J).properties)).forEach((name) => names.add(name));
    for (const [key, value] of Object.entries(node)) if (!key.startsWith('example')) visit(value);
  };
  roots.forEach(visit);
  return [...names];
}

test("the files' path in catalog's media facts and settings.changed's paths are the only paths a message has (decisions 013, 025)", () => {
  const pathLike = /(^|_)(path|paths|folder|directory|dir)(_|$)|^root_/;
  expect(
    ['path', 'local_path', 'destination_path', 'root_folder_path'].every((n) => pathLike.test(n)),
  ).toBe(true);
  // Every payload as resolved by the parser (OpenAPI schemas included), by message.
  const facts = new Set(['media.items_upserted', 'media.series_parts_upserted']);
  const messages = document.allMessages().all();
  const payloads = (pick: (name: string) => boolean) =>
    messages.filter((m) => pick(m.name() ?? '')).map((m) => m.payload()?.json());
  const others = propertyNames(payloads((name) => !facts.has(name) && name !== 'settings.changed'));
  // The move destinations and path mappings catalog moves files with (domain.md 6.6).
  expect(
    propertyNames(payloads((name) => name === 'settings.changed')).filter((n) => pathLike.test(n)),
  ).toEqual(['path_mappings']);
  expect(others).toEqual(
    expect.arrayContaining(['file_name', 'auto_delete_eligible_at', 'expires_at']),
  );
  // path_mode names which path a legacy webhook template shows (original, local, destination).
  expect(others.filter((n) => pathLike.test(n) && n !== 'path_mode')).toEqual([]);
  expect(
    propertyNames(payloads((name) => facts.has(name))).filter((n) => pathLike.test(n)),
  ).toEqual(['path']);
  const fileFacts = obj(obj(obj(eventsDocument().components).schemas).FileFactsCommon);
  expect(Object.keys(obj(fileFacts.properties))).toContain('path');
});
