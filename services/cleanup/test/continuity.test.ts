import { DAY } from '@mcs/kit/testing';
import type { Candidate } from './support/api';
import type { CandidateMatch } from '../src/candidates/candidate-upsert.repository';
import { newMovie, versionTarget, type Movie } from './support/factories';
import { useWorld } from './support/world';

/** The hooks the next issue's scan uses (domain.md 4.1 steps 5-6, external-api.md 2.3). */
const world = useWorld();

const hooks = () => world.service.services.continuity;
const match = (movie: Movie, overrides: Partial<CandidateMatch> = {}): CandidateMatch => ({
  target: versionTarget(movie),
  matchedRuleIds: [7, 3, 7],
  matchedCriteria: { 3: [] },
  reason: 'Not watched for 400 days',
  estimatedSpaceBytes: 20_000_000_000,
  deleteOperation: 'delete',
  policy: { configured: true, delayDays: 14 },
  ...overrides,
});
const scan = (matches: CandidateMatch[]) =>
  world.service.db.$transaction((tx) => hooks().upsert(tx, matches, world.clock.now()));
const announce = () =>
  world.service.db.$transaction((tx) => hooks().announce(tx, world.clock.now()));
const get = async (id: number) =>
  (await world.api<Candidate>('GET', `/api/v1/candidates/${id}`)).body;

test('DM#14: a target that keeps matching keeps its id, created_at and lifecycle fields', async () => {
  const movie = await newMovie(world.service.db);
  const [first] = await scan([match(movie)]);
  expect(first?.created).toBe(true);
  const id = first?.id ?? 0;
  await world.api('POST', `/api/v1/candidates/${id}/cancel`, { body: { reason: 'Keep' } });
  const before = await get(id);
  world.clock.advance(DAY);
  const [second] = await scan([
    match(movie, { matchedRuleIds: [3, 9], reason: 'Larger than 20 GB' }),
  ]);
  expect(second).toEqual({ id, created: false });
  expect(await get(id)).toEqual({
    ...before,
    matched_rule_ids: [3, 9],
    reason: 'Larger than 20 GB',
  });
  world.clock.set(new Date());
});

test('DM#15: stops qualifying then qualifies again → a new candidate, new timer, no cancel', async () => {
  const movie = await newMovie(world.service.db);
  const [first] = await scan([match(movie)]);
  const oldId = first?.id ?? 0;
  await world.api('POST', `/api/v1/candidates/${oldId}/cancel`);
  await world.service.db.$transaction((tx) =>
    hooks().remove(tx, [versionTarget(movie)], world.clock.now()),
  );
  expect((await world.api('GET', `/api/v1/candidates/${oldId}`)).status).toBe(404);
  world.clock.advance(DAY);
  const [again] = await scan([match(movie)]);
  expect(again?.created).toBe(true);
  const fresh = await get(again?.id ?? 0);
  expect(fresh.id).not.toBe(oldId);
  expect(fresh).toMatchObject({
    created_at: world.clock.now().toISOString(),
    auto_delete_state: 'scheduled',
    auto_delete_cancelled_at: null,
    auto_delete_postponed_until: null,
    lifecycle_reason: null,
  });
  // Removal is silent: only the cancel was ever recorded for the old candidate.
  expect(await world.recorded(oldId)).toEqual(['candidate.canceled']);
  world.clock.set(new Date());
});

test('DM#23: candidate.scheduled once when it becomes active; cancel + reset-timer do not repeat it', async () => {
  const movie = await newMovie(world.service.db);
  const [{ id } = { id: 0 }] = await scan([
    match(movie, { policy: { configured: false, delayDays: 14 } }),
  ]);
  expect(await announce()).not.toContain(id);
  await scan([match(movie)]);
  expect(await announce()).toContain(id);
  expect(await announce()).not.toContain(id);
  await world.api('POST', `/api/v1/candidates/${id}/cancel`);
  await world.api('POST', `/api/v1/candidates/${id}/reset-timer`);
  expect(await announce()).not.toContain(id);
  expect(await world.recorded(id)).toEqual([
    'candidate.scheduled',
    'candidate.canceled',
    'candidate.timer_reset',
  ]);
});

test('a candidate whose policy stops being configured is announced again once it is', async () => {
  const movie = await newMovie(world.service.db);
  const [{ id } = { id: 0 }] = await scan([match(movie)]);
  await announce();
  await scan([match(movie, { policy: { configured: false, delayDays: 14 } })]);
  expect((await get(id)).auto_delete_state).toBe('disabled');
  await announce();
  await scan([match(movie)]);
  expect(await announce()).toContain(id);
  expect(await world.recorded(id)).toEqual(['candidate.scheduled', 'candidate.scheduled']);
});

test('candidate.scheduled carries the candidate as announced, actor system', async () => {
  const movie = await newMovie(world.service.db);
  const [{ id } = { id: 0 }] = await scan([match(movie)]);
  await announce();
  const row = await world.service.db.outboxMessage.findFirst({
    where: { routingKey: 'candidate.scheduled', payload: { path: ['candidate_id'], equals: id } },
  });
  expect(row?.payload).toMatchObject({
    actor: { type: 'system', id: null },
    payload: { candidate: await get(id) },
  });
});
