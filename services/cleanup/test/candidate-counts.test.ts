/**
 * The candidate list's total is a maintained count (decision 029): every statement that inserts
 * or deletes candidates adds a delta, folded now and then. These tests hold it to count(*)
 * through the ways candidates are written, and through writers running at once.
 */
import type { Target } from '../src/domain/target';
import { upsertCandidate } from '../src/candidates/candidate-upsert.repository';
import type { CandidatePage } from './support/api';
import {
  newCandidate,
  newMovie,
  newSeries,
  seriesTarget,
  versionTarget,
} from './support/factories';
import { useWorld } from './support/world';

const world = useWorld();
const db = () => world.service.db;

beforeEach(async () => {
  await db().candidate.deleteMany();
});

const total = async (query = '') =>
  (await world.api<CandidatePage>('GET', `/api/v1/candidates?per_page=1${query}`)).body.total;

async function counted(): Promise<{ rows: number; deltas: number }> {
  const [row] = await db().$queryRaw<{ rows: number; deltas: number }[]>`
    SELECT (SELECT count(*)::int FROM candidates) AS rows,
           (SELECT count(*)::int FROM candidate_counts) AS deltas`;
  return row ?? { rows: -1, deltas: -1 };
}

/** A rule's match of `target`, as a scan writes it. */
const matchOf = (target: Target) => ({
  target,
  matchedRuleIds: [1],
  matchedCriteria: {},
  reason: 'test',
  estimatedSpaceBytes: null,
  deleteOperation: 'delete' as const,
  policy: { configured: true, delayDays: 7 },
});

const upsert = (target: Target) => upsertCandidate(db(), matchOf(target), new Date());

test('the total follows inserts, upserts of existing candidates, deletes and truncation, and the deltas are folded', async () => {
  const movie = await newMovie(db(), { versions: 150 });
  const series = await newSeries(db());
  const ids: number[] = [];
  for (let i = 0; i < 150; i += 1) ids.push(await newCandidate(db(), versionTarget(movie, i)));
  await newCandidate(db(), seriesTarget(series));
  // The same targets again: updates of existing candidates, not new ones.
  for (let i = 0; i < 5; i += 1) await upsert(versionTarget(movie, i));

  expect(await total()).toBe(151);
  expect(await total('&media_type=movie')).toBe(150);
  expect(await total('&media_type=series')).toBe(1);
  const afterInserts = await counted();
  expect(afterInserts.rows).toBe(151);
  // 156 writing statements, folded whenever more than 64 deltas had piled up.
  expect(afterInserts.deltas).toBeLessThanOrEqual(65);

  await db().candidate.deleteMany({ where: { id: { in: ids.slice(0, 20).map(BigInt) } } });
  expect(await total()).toBe(131);
  expect(await total('&media_type=movie')).toBe(130);

  await db().$executeRaw`TRUNCATE candidates`;
  expect(await total()).toBe(0);
  await newCandidate(db(), versionTarget(movie, 0));
  expect(await total()).toBe(1);
  expect(await counted()).toMatchObject({ rows: 1 });
});

test('writers at once, in READ COMMITTED and REPEATABLE READ, neither wait on nor fail one another, and the total stays exact', async () => {
  const movie = await newMovie(db(), { versions: 240 });
  const targets = Array.from({ length: 240 }, (_, i) => versionTarget(movie, i));
  // Enough deltas beforehand that the writers below fold while others insert.
  for (const target of targets.slice(0, 70)) await upsert(target);

  const writes = targets.slice(70).map((target, i) =>
    db().$transaction(
      async (tx) => {
        const { id } = await upsertCandidate(tx, matchOf(target), new Date());
        // Every third writer takes its candidate back out in the same transaction.
        if (i % 3 === 0) await tx.candidate.delete({ where: { id: BigInt(id) } });
      },
      i % 2 === 0 ? { isolationLevel: 'RepeatableRead' } : {},
    ),
  );
  const outcomes = await Promise.allSettled(writes);
  expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);

  const { rows } = await counted();
  expect(rows).toBe(70 + 170 - Math.ceil(170 / 3));
  expect(await total()).toBe(rows);
});

test('a filter other than the media type counts the rows it matches', async () => {
  const movie = await newMovie(db(), { versions: 3 });
  await newCandidate(db(), versionTarget(movie, 0), { matchedRuleIds: [4] });
  await newCandidate(db(), versionTarget(movie, 1), { matchedRuleIds: [5] });
  await newCandidate(db(), versionTarget(movie, 2), { matchedRuleIds: [4, 5] });
  expect(await total('&rule_id=4')).toBe(2);
  expect(await total('&rule_id=4&media_type=series')).toBe(0);
  expect(await total()).toBe(3);
});
