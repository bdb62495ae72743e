import type { Candidate, Protection } from '../services/cleanup/test/support/api';
import * as seed from '../services/cleanup/test/support/factories';
import { DAY, iso, useStack } from './support/cleanup-e2e';

/**
 * Issue 5 acceptance, black-box through the gateway with a real API token: the candidate state
 * transitions of external-api.md 2.3-2.4 (EA#22-29), each with its events as the broker
 * delivered them. Times are real: candidates are seeded with past timer fields.
 */
const stack = useStack();

const get = async (id: number) =>
  (await stack.call('GET', `/api/v1/candidates/${id}`, { token: stack.manage }))
    .body as unknown as Candidate;
const movieCandidate = async (options: Parameters<typeof seed.newCandidate>[2] = {}) => {
  const movie = await seed.newMovie(stack.db);
  return { movie, id: await seed.newCandidate(stack.db, seed.versionTarget(movie), options) };
};

test('EA#22: cancel → canceled and inactive, one candidate.canceled by the token; it can still be protected', async () => {
  const { id } = await movieCandidate();
  const before = Date.now();
  const reply = await stack.act(id, 'cancel', { reason: '  Keep for the film club  ' });
  expect(reply.status).toBe(200);
  expect(reply.body).toMatchObject({
    candidate: {
      id,
      auto_delete_state: 'canceled',
      auto_delete_is_active: false,
      auto_delete_is_eligible: false,
      lifecycle_reason: 'Keep for the film club',
    },
    protection_id: null,
    replayed: false,
  });
  const cancelledAt = Date.parse(reply.body.candidate.auto_delete_cancelled_at ?? '');
  expect(cancelledAt).toBeGreaterThanOrEqual(before - 1);
  expect(cancelledAt).toBeLessThanOrEqual(Date.now());
  const [event] = await stack.published({ candidate: id });
  expect(event).toMatchObject({
    id: reply.body.event_id,
    type: 'candidate.canceled',
    actor: { type: 'api_token', id: stack.manage.id },
    payload: { candidate: reply.body.candidate },
  });
  const protect = await stack.act(id, 'protect');
  expect(protect.status).toBe(200);
  expect(protect.body.candidate).toMatchObject({
    auto_delete_state: 'canceled',
    blockers: ['protected'],
  });
  expect(await stack.types({ candidate: id })).toEqual([
    'candidate.canceled',
    'protection.created',
    'candidate.protected',
  ]);
});

test('EA#23: cancel with no body at all → 200 with lifecycle_reason null', async () => {
  const { id } = await movieCandidate();
  const reply = await stack.act(id, 'cancel');
  expect(reply.status).toBe(200);
  expect(reply.body.candidate).toMatchObject({
    auto_delete_state: 'canceled',
    lifecycle_reason: null,
  });
  expect(await stack.types({ candidate: id })).toEqual(['candidate.canceled']);
});

test('EA#24: postpone into the past → 422 naming until; to the current deadline → 422 postpone_not_after_deadline; unchanged, no event', async () => {
  const { id } = await movieCandidate();
  const before = await get(id);
  expect(before.auto_delete_state).toBe('scheduled');
  const past = await stack.act(id, 'postpone', { until: iso(Date.now() - DAY) });
  expect(past.status).toBe(422);
  expect(past.body).toMatchObject({
    code: 'validation_failed',
    errors: [expect.objectContaining({ in: 'body', name: 'until' })],
  });
  const atDeadline = await stack.act(id, 'postpone', { until: before.auto_delete_eligible_at });
  expect(atDeadline.status).toBe(422);
  expect(atDeadline.body.code).toBe('postpone_not_after_deadline');
  expect(await get(id)).toEqual(before);
  expect(await stack.types({ candidate: id })).toEqual([]);
});

test('EA#25: postpone a canceled candidate past its deadline → postponed, un-canceled, deadline = until', async () => {
  const { id } = await movieCandidate({ cancelledAt: new Date(Date.now() - DAY) });
  expect((await get(id)).auto_delete_state).toBe('canceled');
  const until = iso(Date.now() + 30 * DAY);
  const reply = await stack.act(id, 'postpone', { until, reason: 'Easter' });
  expect(reply.status).toBe(200);
  expect(reply.body.candidate).toMatchObject({
    auto_delete_state: 'postponed',
    auto_delete_cancelled_at: null,
    auto_delete_postponed_until: until,
    auto_delete_eligible_at: until,
    auto_delete_is_active: true,
    lifecycle_reason: 'Easter',
  });
  expect(await stack.types({ candidate: id })).toEqual(['candidate.postponed']);
});

test('EA#26: reset-timer on a postponed, a canceled or an eligible candidate → scheduled with a timer from now', async () => {
  const past = new Date(Date.now() - 20 * DAY);
  const seeded = [
    { createdAt: past, postponedUntil: new Date(Date.now() + 5 * DAY) },
    { createdAt: past, cancelledAt: past },
    { createdAt: past },
  ];
  for (const [i, options] of seeded.entries()) {
    const { id } = await movieCandidate(options);
    expect((await get(id)).auto_delete_state).toBe(['postponed', 'canceled', 'eligible'][i]);
    const before = Date.now();
    const reply = await stack.act(id, 'reset-timer', { reason: 'Watch again' });
    const after = Date.now();
    const candidate = reply.body.candidate;
    expect(candidate).toMatchObject({
      auto_delete_state: 'scheduled',
      auto_delete_postponed_until: null,
      auto_delete_cancelled_at: null,
      auto_delete_delay_days: 14,
    });
    const started = Date.parse(candidate.auto_delete_timer_started_at ?? '');
    expect(started).toBeGreaterThanOrEqual(before - 1);
    expect(started).toBeLessThanOrEqual(after);
    expect(candidate.auto_delete_eligible_at).toBe(iso(started + 14 * DAY));
    expect(await stack.types({ candidate: id })).toEqual(['candidate.timer_reset']);
  }
});

test('EA#27: protect → protection_id set, blocker protected, a permanent api protection at the candidate scope', async () => {
  // Three unrelated media, so no protection made here covers another target.
  const targets = [
    seed.versionTarget(await seed.newMovie(stack.db)),
    seed.seasonTarget(await seed.newSeries(stack.db, { episodes: [2] })),
    seed.episodeTarget(await seed.newSeries(stack.db, { episodes: [2] }), 1),
  ];
  for (const target of targets) {
    const id = await seed.newCandidate(stack.db, target);
    const reply = await stack.act(id, 'protect');
    expect(reply.status).toBe(200);
    expect(reply.body.protection_id).toEqual(expect.any(Number));
    expect(reply.body.candidate).toMatchObject({
      auto_delete_state: 'scheduled',
      blockers: ['protected'],
    });
    const protection = (
      await stack.call('GET', `/api/v1/protections/${reply.body.protection_id}`, {
        token: stack.manage,
      })
    ).body as unknown as Protection;
    expect(protection).toMatchObject({
      source: 'api',
      permanent: true,
      expires_at: null,
      active: true,
      reason: 'Protected through the API',
      scope: target.scope,
      media_id: target.mediaId,
      movie_version_id: target.movieVersionId,
      season_id: target.seasonId,
      episode_id: target.episodeId,
    });
    const events = await stack.published({ candidate: id });
    expect(events.map((e) => e.type)).toEqual(['protection.created', 'candidate.protected']);
    expect(events[0]?.payload.protection).toEqual(protection);
    expect(events[1]?.id).toBe(reply.body.event_id);
  }
});

test('EA#28: after protect, cancel / postpone / reset-timer → 409 candidate_protected; protect again reuses it', async () => {
  const { id, movie } = await movieCandidate();
  const first = await stack.act(id, 'protect', { reason: 'Favourite' });
  const until = iso(Date.now() + 60 * DAY);
  for (const action of ['cancel', 'postpone', 'reset-timer']) {
    const refused = await stack.act(id, action, { until });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('candidate_protected');
  }
  const again = await stack.act(id, 'protect');
  expect(again.status).toBe(200);
  expect(again.body.protection_id).toBe(first.body.protection_id);
  expect(await stack.types({ candidate: id })).toEqual([
    'protection.created',
    'candidate.protected',
    'candidate.protected',
  ]);
  const listed = await stack.call(
    'GET',
    `/api/v1/protections?media_id=${movie.media_id}&active_only=false`,
    { token: stack.manage },
  );
  expect(listed.body.total).toBe(1);
});

test('EA#29: while a delete of the media is queued, every action → 409 file_operation_pending, no event', async () => {
  const movie = await seed.newMovie(stack.db, { versions: 2 });
  const series = await seed.newSeries(stack.db, { episodes: [1] });
  const movieCandidateId = await seed.newCandidate(stack.db, seed.versionTarget(movie, 0));
  const episodeCandidateId = await seed.newCandidate(stack.db, seed.episodeTarget(series));
  await seed.newFileOperation(stack.db, seed.versionTarget(movie, 1), 'queued');
  await seed.newFileOperation(stack.db, seed.seriesTarget(series), 'running');
  const until = iso(Date.now() + 60 * DAY);
  for (const id of [movieCandidateId, episodeCandidateId]) {
    const before = await get(id);
    for (const action of ['cancel', 'postpone', 'reset-timer', 'protect']) {
      const refused = await stack.act(id, action, { until });
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('file_operation_pending');
    }
    expect(await get(id)).toEqual(before);
    expect(await stack.types({ candidate: id })).toEqual([]);
  }
});

test('a disabled candidate accepts every action, stays disabled and stores the fields', async () => {
  const { id } = await movieCandidate({ configured: false });
  expect((await get(id)).auto_delete_state).toBe('disabled');
  const cancel = await stack.act(id, 'cancel');
  expect(cancel.body.candidate).toMatchObject({ auto_delete_state: 'disabled' });
  expect(cancel.body.candidate.auto_delete_cancelled_at).not.toBeNull();
  const until = iso(Date.now() + 30 * DAY);
  const postpone = await stack.act(id, 'postpone', { until });
  expect(postpone.body.candidate).toMatchObject({
    auto_delete_state: 'disabled',
    auto_delete_cancelled_at: null,
    auto_delete_postponed_until: until,
  });
  const reset = await stack.act(id, 'reset-timer');
  expect(reset.body.candidate).toMatchObject({
    auto_delete_state: 'disabled',
    auto_delete_postponed_until: null,
    auto_delete_is_active: false,
  });
  expect(reset.body.candidate.auto_delete_timer_started_at).not.toBeNull();
  const protect = await stack.act(id, 'protect');
  expect(protect.body.candidate).toMatchObject({
    auto_delete_state: 'disabled',
    blockers: ['protected'],
  });
  expect(await stack.types({ candidate: id })).toEqual([
    'candidate.canceled',
    'candidate.postponed',
    'candidate.timer_reset',
    'protection.created',
    'candidate.protected',
  ]);
});
