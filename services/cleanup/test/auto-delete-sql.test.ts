import { Pool } from 'pg';
import { createTestEnv, type TestEnv, DAY } from '@mcs/kit/testing';
import { createDb, type Db } from '../src/db';
import { AUTO_DELETE_STATES, deriveAutoDeleteState } from '../src/domain/auto-delete';
import { listCandidates } from '../src/candidates/candidate-query.repository';
import { newCandidate, newMovie, versionTarget } from './support/factories';

/**
 * The list filters on auto_delete_state in SQL (candidates/candidate-state.repository.ts); this
 * keeps that condition equal to deriveAutoDeleteState on every branch and boundary.
 */
let env: TestEnv;
let pool: Pool;
let db: Db;
beforeAll(async () => {
  env = await createTestEnv();
  pool = new Pool({ connectionString: env.databaseUrl, options: '-c search_path=cleanup' });
  db = createDb(pool);
});
afterAll(async () => {
  await db.$disconnect();
  await pool.end();
  await env.cleanup();
});

const now = new Date('2026-03-20T12:00:00.000Z');
const at = (days: number) => new Date(now.getTime() + days * DAY);

const cases = [
  { configured: false },
  { configured: false, cancelledAt: at(-1) },
  { cancelledAt: at(-1) },
  { cancelledAt: at(-1), postponedUntil: at(5) },
  { postponedUntil: at(5) },
  { postponedUntil: at(-20), createdAt: at(-2) },
  { postponedUntil: at(0) },
  { createdAt: at(-14) }, // exactly at the deadline
  { createdAt: new Date(at(-14).getTime() + 1) }, // one ms before it
  { createdAt: at(-30), timerStartedAt: at(-1) },
  { createdAt: at(-1), delayDays: 0 },
  { createdAt: at(-40), postponedUntil: at(1) },
];

test('the SQL state filter selects exactly the candidates the pure function puts in that state', async () => {
  const movie = await newMovie(db, { versions: cases.length });
  const expected = new Map<number, string>();
  for (const [index, options] of cases.entries()) {
    const createdAt = options.createdAt ?? at(-3);
    const id = await newCandidate(db, versionTarget(movie, index), { ...options, createdAt });
    const timer = {
      createdAt,
      timerStartedAt: options.timerStartedAt ?? null,
      postponedUntil: options.postponedUntil ?? null,
      cancelledAt: options.cancelledAt ?? null,
    };
    const policy = { configured: options.configured ?? true, delayDays: options.delayDays ?? 14 };
    expected.set(id, deriveAutoDeleteState(timer, policy, now).state);
  }
  expect(new Set(expected.values()).size).toBe(AUTO_DELETE_STATES.length);
  for (const state of AUTO_DELETE_STATES) {
    const { records, total } = await listCandidates(
      db,
      { autoDeleteState: state },
      { limit: 50, offset: 0 },
      now,
    );
    const ids = [...expected].filter(([, s]) => s === state).map(([id]) => id);
    expect({ state, ids: records.map((r) => r.id).sort() }).toEqual({ state, ids: ids.sort() });
    expect(total).toBe(ids.length);
  }
});
