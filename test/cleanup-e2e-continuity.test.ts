import type { Candidate } from '../services/cleanup/test/support/api';
import * as seed from '../services/cleanup/test/support/factories';
import { DAY, iso, useStack } from './support/cleanup-e2e';

/**
 * Issue 5 acceptance, black-box through the gateway: "a candidate that stops qualifying and
 * qualifies again is a new candidate with a new timer and no cancel" (external-api.md 2.3 and
 * 2.4, the seed's "continuously qualifies"). The scan's part is played by the service's own
 * continuity hook (removal) and the cleanup factory (re-creation by target, as a scan upserts).
 */
const stack = useStack();

const get = (id: number) => stack.call('GET', `/api/v1/candidates/${id}`, { token: stack.manage });

/** The scan's removal of a target that definitely stopped matching, in its transaction. */
const stopQualifying = (target: ReturnType<typeof seed.versionTarget>) =>
  stack.db.$transaction((tx) => stack.cleanup.services.continuity.remove(tx, [target], new Date()));

test('a candidate that stops qualifying and qualifies again is a new candidate with a new timer and no cancel', async () => {
  const movie = await seed.newMovie(stack.db);
  const target = seed.versionTarget(movie);
  const oldId = await seed.newCandidate(stack.db, target, {
    createdAt: new Date(Date.now() - 3 * DAY),
  });
  expect(
    (await stack.act(oldId, 'cancel', { reason: 'Keep' })).body.candidate.auto_delete_state,
  ).toBe('canceled');
  await stopQualifying(target);
  expect((await get(oldId)).status).toBe(404);

  const before = Date.now();
  const newId = await seed.newCandidate(stack.db, target);
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
  expect(await stack.types({ candidate: oldId })).toEqual(['candidate.canceled']);
  expect(await stack.types({ candidate: newId })).toEqual([]);
});

test('a postponed candidate that stops qualifying comes back without its postponement', async () => {
  const movie = await seed.newMovie(stack.db);
  const target = seed.versionTarget(movie);
  const oldId = await seed.newCandidate(stack.db, target);
  const until = iso(Date.now() + 60 * DAY);
  expect(
    (await stack.act(oldId, 'postpone', { until })).body.candidate.auto_delete_eligible_at,
  ).toBe(until);
  await stopQualifying(target);
  const fresh = (await get(await seed.newCandidate(stack.db, target))).body as unknown as Candidate;
  expect(fresh).toMatchObject({
    auto_delete_state: 'scheduled',
    auto_delete_postponed_until: null,
  });
  expect(fresh.auto_delete_eligible_at).not.toBe(until);
});

test('by contrast, a candidate that keeps qualifying keeps its id, created_at and cancel', async () => {
  const movie = await seed.newMovie(stack.db);
  const target = seed.versionTarget(movie);
  const id = await seed.newCandidate(stack.db, target, {
    createdAt: new Date(Date.now() - 3 * DAY),
  });
  const canceled = (await stack.act(id, 'cancel', { reason: 'Keep' })).body.candidate;
  // The next scan matches the same target again (upsert by target key), with other rules.
  const again = await stack.db.$transaction((tx) =>
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
  expect(await stack.types({ candidate: id })).toEqual(['candidate.canceled']);
});
