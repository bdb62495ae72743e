import { expectProblem, GatewayWorld, sessionOf } from './support/gateway';

/**
 * No plaintext password or token in any table (issue 3 acceptance; internal-api.md 1.2,
 * external-api.md 1.3). After setup, a second user, a password change, tokens created, used
 * and revoked, and a logout, every text, JSON and array cell of every table in the gateway
 * schema is scanned for each secret the test knows.
 */

let world: GatewayWorld;
const secrets: { what: string; value: string }[] = [];

beforeAll(async () => {
  world = await GatewayWorld.start();
  const first = 'first admin password';
  const admin = await world.setup('root', first);
  secrets.push({ what: 'setup password', value: first });

  const second = 'second user password';
  const created = await world.request('POST', '/api/users', {
    session: admin,
    body: { username: 'operator', password: second, role: 'user' },
  });
  secrets.push({ what: 'created user password', value: second });
  const operator = sessionOf(
    await world.request('POST', '/api/auth/login', {
      body: { username: 'operator', password: second },
    }),
  );
  const changed = 'changed user password';
  const change = await world.request('PUT', '/api/auth/password', {
    session: operator,
    body: { current_password: second, new_password: changed },
  });
  expect([created.status, change.status]).toEqual([201, 204]);
  secrets.push({ what: 'changed password', value: changed });

  for (const scopes of [['system:read'], ['tasks:run', 'events:read']]) {
    const { id, token } = await world.token(admin, scopes);
    secrets.push({ what: `token ${id}`, value: token });
    // The secret part alone (after the first two underscores) must not be stored either.
    secrets.push({ what: `secret of token ${id}`, value: token.slice(17) });
    expect((await world.request('GET', '/api/v1', { token })).status).toBe(200);
    if (scopes.length === 1) {
      await world.request('DELETE', `/api/settings/integrations/api-tokens/${id}`, {
        session: admin,
      });
      expectProblem(await world.request('GET', '/api/v1', { token }), 401, 'token_revoked');
    }
  }

  const loggedOut = await world.login('root', first);
  expect((await world.request('POST', '/api/auth/logout', { session: loggedOut })).status).toBe(
    204,
  );
  secrets.push({ what: 'logged-out session cookie', value: loggedOut.cookie });
  secrets.push({ what: 'live session cookie', value: admin.cookie });
  secrets.push({ what: 'live session cookie', value: operator.cookie });
});
afterAll(() => world.stop());

/** Every cell of every text-like, JSON or array column in the gateway schema, as text. */
async function gatewayCells(): Promise<{ at: string; text: string }[]> {
  const columns = await world.db.$queryRawUnsafe<
    { table_name: string; column_name: string; data_type: string }[]
  >(
    `SELECT c.table_name, c.column_name, c.data_type
       FROM information_schema.columns c
       JOIN information_schema.tables t USING (table_schema, table_name)
      WHERE c.table_schema = 'gateway' AND t.table_type = 'BASE TABLE'
        AND (c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY', 'bytea', 'USER-DEFINED'))`,
  );
  const cells: { at: string; text: string }[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    const rows = await world.db.$queryRawUnsafe<{ text: string | null }[]>(
      `SELECT "${column}"::text AS text FROM gateway."${table}"`,
    );
    for (const row of rows) if (row.text) cells.push({ at: `${table}.${column}`, text: row.text });
  }
  return cells;
}

test('the gateway schema holds no plaintext password, API token, token secret or session cookie', async () => {
  const cells = await gatewayCells();
  const scanned = new Set(cells.map((c) => c.at));
  // The scan really covers the tables holding credentials.
  for (const column of [
    'users.password_hash',
    'sessions.id_hash',
    'api_tokens.token_hash',
    'api_tokens.prefix',
    'outbox.payload',
  ]) {
    expect(scanned).toContain(column);
  }
  expect(secrets.length).toBeGreaterThanOrEqual(10);
  const leaks = cells.flatMap((cell) =>
    secrets.filter((s) => cell.text.includes(s.value)).map((s) => `${s.what} in ${cell.at}`),
  );
  expect(leaks).toEqual([]);
});

test('the logged-out session is gone from the table, and live sessions are stored by hash only', async () => {
  const sessions = await world.db.session.findMany();
  expect(sessions).toHaveLength(2);
  for (const session of sessions) expect(session.idHash).toMatch(/^[0-9a-f]{64}$/);
});

test('passwords are stored as salted scrypt hashes', async () => {
  const users = await world.db.user.findMany();
  for (const user of users)
    expect(user.passwordHash).toMatch(/^scrypt\$17\$8\$1\$[^$]{16,}\$[^$]+$/);
});
