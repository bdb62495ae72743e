import { DAY } from '@mcs/kit/testing';
import type { Principal } from '@mcs/kit';
import { ADMIN, type Candidate, USER } from '../support/api';
import { newCandidate, newMovie, newSeries, versionTarget } from '../support/factories';
import { conditionsRule, ruleCalls } from '../support/rules';
import { patchFacts, runScan } from '../support/scan';
import { sentOperations } from '../support/operations';
import { library, movieOf, oldFilms, runDeletion, useDeletionTables } from '../support/deletion';
import { useRefreshAnswers } from '../support/catalog-refresh';
import { publishSettings, settingsPublisher } from '../support/settings';
import { useWorld } from '../support/world';

/**
 * The general settings cleanup decides with (docs/decisions/025; domain.md 11), as the
 * scheduler's settings.changed brings them: each takes effect from the next decision on.
 */
const world = useWorld();
useRefreshAnswers(world);
useDeletionTables(world);
const publish = settingsPublisher(world);
// Every test starts from the documented defaults.
afterEach(() => publish());

const commands = () => sentOperations(world.service);

async function candidateOf(mediaId: number): Promise<Candidate> {
  const row = await world.service.db.candidate.findFirstOrThrow({
    where: { mediaId: BigInt(mediaId) },
  });
  return (await world.api<Candidate>('GET', `/api/v1/candidates/${row.id}`)).body;
}

const waitedDays = (candidate: Candidate) =>
  (Date.parse(candidate.auto_delete_eligible_at) - Date.parse(candidate.created_at)) / DAY;

// First: the outbox still holds what the start wrote (each test's end empties it).
test('at start cleanup asks the settings owner for the current version', async () => {
  const [request] = await world.service.db.$queryRaw<{ payload: unknown }[]>`
    SELECT payload FROM outbox WHERE routing_key = 'settings.requested'`;
  expect(request?.payload).toEqual({ requested_by_service: 'cleanup' });
});

test('a rule without its own delay gives new candidates the global delay of their media type', async () => {
  const oldFilmsRule = conditionsRule(
    'Old films',
    [{ field: 'media.year', operator: 'less_than', value: 1990 }],
    { action: { auto_delete_enabled: true } },
  );
  const rule = await ruleCalls(world).create(oldFilmsRule);
  await ruleCalls(world).create({
    ...conditionsRule('Old shows', [{ field: 'media.title', operator: 'equals', value: 'Old' }], {
      action: { auto_delete_enabled: true },
    }),
    media_type: 'series',
    target_scope: 'series',
  });
  const before = await movieOf(world, 1980);
  await runScan(world);
  expect(await candidateOf(before.media_id)).toMatchObject({ auto_delete_delay_days: 14 });

  await publish({ auto_delete_movie_delay_days: 3, auto_delete_series_delay_days: 2 });
  const movie = await movieOf(world, 1981);
  const series = await newSeries(world.service.db);
  await patchFacts(world.service.db, 'series', series.media_id, { title: 'Old' });
  await runScan(world);
  const candidate = await candidateOf(movie.media_id);
  expect(candidate).toMatchObject({ auto_delete_delay_days: 3, auto_delete_state: 'scheduled' });
  expect(waitedDays(candidate)).toBe(3);
  expect(waitedDays(await candidateOf(series.media_id))).toBe(2);

  // The diff preview decides as a scan would: 5 days moves both movie candidates later.
  await publish({ auto_delete_movie_delay_days: 5 });
  const preview = await world.api<{ retimed: { direction: string }[] }>(
    'POST',
    '/api/rules/preview',
    { body: { ...oldFilmsRule, rule_id: rule.body.id, mode: 'diff' }, principal: ADMIN },
  );
  expect(preview.body.retimed.map((r) => r.direction)).toEqual(['later', 'later']);
});

test('a breaker of 2 items stops a run of 3 eligible candidates; 3 lets it act', async () => {
  await oldFilms(world);
  await library(world, 100);
  for (const year of [1960, 1961, 1962]) await movieOf(world, year);
  await runScan(world);

  await publish({ auto_delete_breaker_max_items: 2 });
  await expect(runDeletion(world)).rejects.toMatchObject({ code: 'circuit_breaker_tripped' });
  expect(await commands()).toEqual([]);
  const [alert] = await world.service.db.$queryRaw<{ data: Record<string, unknown> }[]>`
    SELECT data FROM alerts WHERE kind = 'auto_delete_circuit_breaker'`;
  expect(alert?.data).toMatchObject({ items: 3, limits: { max_items: 2, max_share: 0.05 } });

  await publish({ auto_delete_breaker_max_items: 3 });
  const { summary } = await runDeletion(world, 78);
  expect(summary).toMatchObject({ eligible: 3, queued: 3 });
  expect(await commands()).toHaveLength(3);
});

test('a breaker share below what a run would remove stops it, with the item limb off', async () => {
  await oldFilms(world);
  await library(world, 100);
  for (const year of [1960, 1961, 1962]) await movieOf(world, year);
  await runScan(world);
  // 3 files of 103: 2.9 %, under the default 5 % but over 2 %.
  await publish({ auto_delete_breaker_max_items: 0, auto_delete_breaker_max_share: 0.02 });
  await expect(runDeletion(world)).rejects.toMatchObject({ code: 'circuit_breaker_tripped' });
  expect(await commands()).toEqual([]);
});

test('a manual delete of more ids than the breaker allows needs confirm', async () => {
  const ids: number[] = [];
  for (let i = 0; i < 3; i += 1) {
    const movie = await newMovie(world.service.db);
    ids.push(await newCandidate(world.service.db, versionTarget(movie)));
  }
  await publish({ auto_delete_breaker_max_items: 2 });
  const post = (body: unknown) =>
    world.api('POST', '/api/media/candidates/delete', { body, principal: ADMIN });
  const unconfirmed = await post({ candidate_ids: ids });
  expect(unconfirmed).toMatchObject({ status: 409, body: { code: 'confirmation_required' } });
  expect(unconfirmed.body.detail).toContain('More than 2 candidates');
  expect(await commands()).toEqual([]);
  expect((await post({ candidate_ids: ids, confirm: true })).status).toBe(202);
  expect(await commands()).toHaveLength(3);
});

test('what no rule decides takes default_arr_action, and every command the import exclusion setting', async () => {
  const movie = await newMovie(world.service.db);
  const id = await newCandidate(world.service.db, versionTarget(movie));
  const other = await newMovie(world.service.db);
  await publish({ default_arr_action: 'delete', arr_add_import_exclusion: false });

  const manual = await world.api('POST', '/api/media/candidates/delete', {
    body: { candidate_ids: [id] },
    principal: ADMIN,
  });
  expect(manual.status).toBe(202);
  const request = await world.api('POST', '/api/delete-requests', {
    body: { media_type: 'movie', media_id: other.media_id },
    principal: ADMIN,
  });
  expect(request.status).toBe(202);
  expect(await commands()).toEqual([
    expect.objectContaining({
      candidate_id: id,
      trigger: 'manual',
      kind: 'delete',
      arr_action: 'delete',
      add_import_exclusion: false,
    }),
    expect.objectContaining({
      candidate_id: null,
      trigger: 'delete_request',
      kind: 'delete',
      arr_action: 'delete',
      add_import_exclusion: false,
    }),
  ]);
});

describe('the Candidates page', () => {
  const ROUTES = [
    '/api/media/candidates',
    '/api/media/candidates/rules',
    '/api/media/candidates/presence',
    '/api/media/reclaim-history',
  ];
  const statuses = async (principal: Principal) => {
    const replies = await Promise.all(ROUTES.map((url) => world.api('GET', url, { principal })));
    return replies.map((reply) => reply.status);
  };

  test('users see it only while users_can_view_candidates is on; admins always', async () => {
    expect(await statuses(USER)).toEqual([200, 200, 200, 200]);
    await publish({ users_can_view_candidates: false });
    expect(await statuses(ADMIN)).toEqual([200, 200, 200, 200]);
    expect(await statuses(USER)).toEqual([403, 403, 403, 403]);
    const refused = await world.api('GET', '/api/media/candidates', { principal: USER });
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    expect(refused.body).toMatchObject({ status: 403, code: 'forbidden' });
  });

  test('a version older than the one applied changes nothing', async () => {
    const version = await publish({ users_can_view_candidates: false });
    await publishSettings(world, version - 1, { users_can_view_candidates: true });
    expect(await statuses(USER)).toEqual([403, 403, 403, 403]);
    await publishSettings(world, version, { users_can_view_candidates: true });
    expect(await statuses(USER)).toEqual([403, 403, 403, 403]);
    await publish({ users_can_view_candidates: true });
    expect(await statuses(USER)).toEqual([200, 200, 200, 200]);
  });
});
