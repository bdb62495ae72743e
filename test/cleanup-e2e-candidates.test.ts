import type { ActionResponse, Candidate, Protection } from '../services/cleanup/test/support/api';
import {
  episodeTarget,
  newCandidate,
  newFileOperation,
  newMovie,
  newSeries,
  seasonTarget,
  seriesTarget,
  versionTarget,
} from '../services/cleanup/test/support/factories';
import { useStack } from './support/cleanup-e2e';

/**
 * Issue 5 acceptance, black-box through the gateway with a real API token: the candidate state
 * transitions of external-api.md 2.3-2.4 (EA#22-29), each with its events as the broker
 * delivered them. Times are real: candidates are seeded with past timer fields.
 */
const stack = useStack();

const DAY = 86_400_000;
const db = () => stack.cleanup.db;
const iso = (ms: number) => new Date(ms).toISOString();
const act = async (id: number, action: string, body?: unknown) => {
  const reply = await stack.call('POST', `/api/v1/candidates/${id}/${action}`, {
    token: stack.manage,
    body,
  });
  return {
    status: reply.status,
    body: reply.body as unknown as ActionResponse & { code?: string },
  };
};
const get = async (id: number) =>
  (await stack.call('GET', `/api/v1/candidates/${id}`, { token: stack.manage }))
    .body as unknown as Candidate;
const types = async (id: number) =>
  (await stack.published({ candidate: id })).map((event) => event.type);
const movieCandidate = async (options: Parameters<typeof newCandidate>[2] = {}) => {
  const movie = await newMovie(db());
  return { movie, id: await newCandidate(db(), versionTarget(movie), options) };
};

test('EA#22: cancel → canceled and inactive, one candidate.canceled by the token; it can still be protected', async () => {
  const { id } = await movieCandidate();
  const before = Date.now();
  const reply = await act(id, 'cancel', { reason: '  Keep for the film club  ' });
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
  const protect = await act(id, 'protect');
  expect(protect.status).toBe(200);
  expect(protect.body.candidate).toMatchObject({
    auto_delete_state: 'canceled',
    blockers: ['protected'],
  });
  expect(await types(id)).toEqual([
    'candidate.canceled',
    'protection.created',
    'candidate.protected',
  ]);
});

test('EA#23: cancel with no body at all → 200 with lifecycle_reason null', async () => {
  const { id } = await movieCandidate();
  const reply = await act(id, 'cancel');
  expect(reply.status).toBe(200);
  expect(reply.body.candidate).toMatchObject({
    auto_delete_state: 'canceled',
    lifecycle_reason: null,
  });
  expect(await types(id)).toEqual(['candidate.canceled']);
});

test('EA#24: postpone into the past → 422 naming until; to the current deadline → 422 postpone_not_after_deadline; unchanged, no event', async () => {
  const { id } = await movieCandidate();
  const before = await get(id);
  expect(before.auto_delete_state).toBe('scheduled');
  const past = await act(id, 'postpone', { until: iso(Date.now() - DAY) });
  expect(past.status).toBe(422);
  expect(past.body).toMatchObject({
    code: 'validation_failed',
    errors: [expect.objectContaining({ in: 'body', name: 'until' })],
  });
  const atDeadline = await act(id, 'postpone', { until: before.auto_delete_eligible_at });
  expect(atDeadline.status).toBe(422);
  expect(atDeadline.body.code).toBe('postpone_not_after_deadline');
  expect(await get(id)).toEqual(before);
  expect(await types(id)).toEqual([]);
});

test('EA#25: postpone a canceled candidate past its deadline → postponed, un-canceled, deadline = until', async () => {
  const { id } = await movieCandidate({ cancelledAt: new Date(Date.now() - DAY) });
  expect((await get(id)).auto_delete_state).toBe('canceled');
  const until = iso(Date.now() + 30 * DAY);
  const reply = await act(id, 'postpone', { until, reason: 'Easter' });
  expect(reply.status).toBe(200);
  expect(reply.body.candidate).toMatchObject({
    auto_delete_state: 'postponed',
    auto_delete_cancelled_at: null,
    auto_delete_postponed_until: until,
    auto_delete_eligible_at: until,
    auto_delete_is_active: true,
    lifecycle_reason: 'Easter',
  });
  expect(await types(id)).toEqual(['candidate.postponed']);
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
    const reply = await act(id, 'reset-timer', { reason: 'Watch again' });
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
    expect(await types(id)).toEqual(['candidate.timer_reset']);
  }
});

test('EA#27: protect → protection_id set, blocker protected, a permanent api protection at the candidate scope', async () => {
  // Three unrelated media, so no protection made here covers another target.
  const targets = [
    versionTarget(await newMovie(db())),
    seasonTarget(await newSeries(db(), { episodes: [2] })),
    episodeTarget(await newSeries(db(), { episodes: [2] }), 1),
  ];
  for (const target of targets) {
    const id = await newCandidate(db(), target);
    const reply = await act(id, 'protect');
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
  const first = await act(id, 'protect', { reason: 'Favourite' });
  const until = iso(Date.now() + 60 * DAY);
  for (const action of ['cancel', 'postpone', 'reset-timer']) {
    const refused = await act(id, action, { until });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('candidate_protected');
  }
  const again = await act(id, 'protect');
  expect(again.status).toBe(200);
  expect(again.body.protection_id).toBe(first.body.protection_id);
  expect(await types(id)).toEqual([
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
  const movie = await newMovie(db(), { versions: 2 });
  const series = await newSeries(db(), { episodes: [1] });
  const movieCandidateId = await newCandidate(db(), versionTarget(movie, 0));
  const episodeCandidateId = await newCandidate(db(), episodeTarget(series));
  await newFileOperation(db(), versionTarget(movie, 1), 'queued');
  await newFileOperation(db(), seriesTarget(series), 'running');
  const until = iso(Date.now() + 60 * DAY);
  for (const id of [movieCandidateId, episodeCandidateId]) {
    const before = await get(id);
    for (const action of ['cancel', 'postpone', 'reset-timer', 'protect']) {
      const refused = await act(id, action, { until });
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('file_operation_pending');
    }
    expect(await get(id)).toEqual(before);
    expect(await types(id)).toEqual([]);
  }
});

test('a disabled candidate accepts every action, stays disabled and stores the fields', async () => {
  const { id } = await movieCandidate({ configured: false });
  expect((await get(id)).auto_delete_state).toBe('disabled');
  const cancel = await act(id, 'cancel');
  expect(cancel.body.candidate).toMatchObject({ auto_delete_state: 'disabled' });
  expect(cancel.body.candidate.auto_delete_cancelled_at).not.toBeNull();
  const until = iso(Date.now() + 30 * DAY);
  const postpone = await act(id, 'postpone', { until });
  expect(postpone.body.candidate).toMatchObject({
    auto_delete_state: 'disabled',
    auto_delete_cancelled_at: null,
    auto_delete_postponed_until: until,
  });
  const reset = await act(id, 'reset-timer');
  expect(reset.body.candidate).toMatchObject({
    auto_delete_state: 'disabled',
    auto_delete_postponed_until: null,
    auto_delete_is_active: false,
  });
  expect(reset.body.candidate.auto_delete_timer_started_at).not.toBeNull();
  const protect = await act(id, 'protect');
  expect(protect.body.candidate).toMatchObject({
    auto_delete_state: 'disabled',
    blockers: ['protected'],
  });
  expect(await types(id)).toEqual([
    'candidate.canceled',
    'candidate.postponed',
    'candidate.timer_reset',
    'protection.created',
    'candidate.protected',
  ]);
});
