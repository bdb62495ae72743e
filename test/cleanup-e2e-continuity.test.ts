import type { ActionResponse, Candidate } from '../services/cleanup/test/support/api';
import { newCandidate, newMovie, versionTarget } from '../services/cleanup/test/support/factories';
import { useStack } from './support/cleanup-e2e';

/**
 * Issue 5 acceptance, black-box through the gateway: "a candidate that stops qualifying and
 * qualifies again is a new candidate with a new timer and no cancel" (external-api.md 2.3 and
 * 2.4, the seed's "continuously qualifies"). The scan's part is played by the service's own
 * continuity hook (removal) and the cleanup factory (re-creation by target, as a scan upserts).
 */
const stack = useStack();

const DAY = 86_400_000;
const db = () => stack.cleanup.db;
const iso = (ms: number) => new Date(ms).toISOString();
const act = async (id: number, action: string, body?: unknown) =>
  (
    await stack.call('POST', `/api/v1/candidates/${id}/${action}`, {
      token: stack.manage,
      body,
    })
  ).body as unknown as ActionResponse;
const get = (id: number) => stack.call('GET', `/api/v1/candidates/${id}`, { token: stack.manage });
const types = async (id: number) =>
  (await stack.published({ candidate: id })).map((event) => event.type);

/** The scan's removal of a target that definitely stopped matching, in its transaction. */
const stopQualifying = (target: ReturnType<typeof versionTarget>) =>
  db().$transaction((tx) => stack.cleanup.services.continuity.remove(tx, [target], new Date()));

test('a candidate that stops qualifying and qualifies again is a new candidate with a new timer and no cancel', async () => {
  const movie = await newMovie(db());
  const target = versionTarget(movie);
  const oldId = await newCandidate(db(), target, { createdAt: new Date(Date.now() - 3 * DAY) });
  expect((await act(oldId, 'cancel', { reason: 'Keep' })).candidate.auto_delete_state).toBe(
    'canceled',
  );
  await stopQualifying(target);
  expect((await get(oldId)).status).toBe(404);

  const before = Date.now();
  const newId = await newCandidate(db(), target);
  expect(newId).not.toBe(oldId);
  const fresh = (await get(newId)).body as unknown as Candidate;
  expect(Date.parse(fresh.created_at)).toBeGreaterThanOrEqual(before - 1);
  expect(fresh).toMatchObject({
    id: newId,
    auto_delete_state: 'scheduled',
    auto_delete_is_active: true,
    auto_delete_cancelled_at: null,
    auto_delete_postponed_until: null,
    auto_delete_timer_started_at: null,
    auto_delete_eligible_at: iso(Date.parse(fresh.created_at) + 14 * DAY),
    lifecycle_reason: null,
    lifecycle_updated_at: null,
  });
  const listed = await stack.call('GET', `/api/v1/candidates?tmdb_id=${movie.tmdb_id}`, {
    token: stack.manage,
  });
  expect((listed.body.items as Candidate[]).map((c) => c.id)).toEqual([newId]);
  expect((await get(oldId)).status).toBe(404);
  // Removal and re-creation are silent: the old candidate only ever had its cancel.
  expect(await types(oldId)).toEqual(['candidate.canceled']);
  expect(await types(newId)).toEqual([]);
});

test('a postponed candidate that stops qualifying comes back without its postponement', async () => {
  const movie = await newMovie(db());
  const target = versionTarget(movie);
  const oldId = await newCandidate(db(), target);
  const until = iso(Date.now() + 60 * DAY);
  expect((await act(oldId, 'postpone', { until })).candidate.auto_delete_eligible_at).toBe(until);
  await stopQualifying(target);
  const fresh = (await get(await newCandidate(db(), target))).body as unknown as Candidate;
  expect(fresh).toMatchObject({
    auto_delete_state: 'scheduled',
    auto_delete_postponed_until: null,
  });
  expect(fresh.auto_delete_eligible_at).not.toBe(until);
});

test('by contrast, a candidate that keeps qualifying keeps its id, created_at and cancel', async () => {
  const movie = await newMovie(db());
  const target = versionTarget(movie);
  const id = await newCandidate(db(), target, { createdAt: new Date(Date.now() - 3 * DAY) });
  const canceled = (await act(id, 'cancel', { reason: 'Keep' })).candidate;
  // The next scan matches the same target again (upsert by target key), with other rules.
  const again = await db().$transaction((tx) =>
    stack.cleanup.services.continuity.upsert(
      tx,
      [
        {
          target,
          matchedRuleIds: [9],
          matchedCriteria: {},
          reason: 'Larger than 20 GB',
          estimatedSpaceBytes: null,
          deleteOperation: 'delete',
          policy: { configured: true, delayDays: 14 },
        },
      ],
      new Date(),
    ),
  );
  expect(again).toEqual([{ id, created: false }]);
  expect((await get(id)).body).toEqual({
    ...canceled,
    matched_rule_ids: [9],
    reason: 'Larger than 20 GB',
  });
  expect(await types(id)).toEqual(['candidate.canceled']);
});
