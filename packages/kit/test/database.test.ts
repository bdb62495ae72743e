import { createPool, pgDatabase, type SqlClient } from '@mcs/kit';
import { createTestEnv, type TestEnv } from '@mcs/kit/testing';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.cleanup());

test("every pooled connection uses the service's schema and the kit's planner settings", async () => {
  const pool = createPool({ url: env.databaseUrl, schema: 'some_service', max: 2 });
  try {
    const clients = await Promise.all([pool.connect(), pool.connect()]);
    for (const client of clients) {
      const { rows } = await client.query<Record<string, string>>(
        `SELECT current_setting('search_path') AS search_path, current_setting('jit') AS jit,
                current_setting('random_page_cost') AS random_page_cost`,
      );
      expect(rows[0]).toEqual({
        search_path: '"some_service"',
        jit: 'off',
        random_page_cost: '1.1',
      });
      client.release();
    }
  } finally {
    await pool.end();
  }
});

test('a plain pg transaction runs in REPEATABLE READ when asked, else in READ COMMITTED', async () => {
  const pool = createPool({ url: env.databaseUrl, schema: 'public', max: 1 });
  const db = pgDatabase(pool);
  const isolation = async (tx: SqlClient) =>
    (
      await tx.$queryRawUnsafe<{ level: string }[]>(
        "SELECT current_setting('transaction_isolation') AS level",
      )
    )[0]?.level;
  try {
    expect(await db.$transaction(isolation, { isolationLevel: 'RepeatableRead' })).toBe(
      'repeatable read',
    );
    expect(await db.$transaction(isolation)).toBe('read committed');
  } finally {
    await pool.end();
  }
});
