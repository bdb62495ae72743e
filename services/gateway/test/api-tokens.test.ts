import { createHash } from 'node:crypto';
import { expectProblem, GatewayWorld, type Reply, type Session } from './support/gateway';

/** Settings > Integrations: API tokens (internal-api.md 6.4, external-api.md 1.3; IA#14). */

const TOKEN = /^mcs_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/;
const RECORD_FIELDS = [
  'created_at',
  'created_by',
  'expires_at',
  'id',
  'last_used_at',
  'name',
  'revoked_at',
  'scopes',
  'token_prefix',
];
const BASE = '/api/settings/integrations/api-tokens';

let world: GatewayWorld;
let admin: Session;

beforeAll(async () => {
  world = await GatewayWorld.start();
  admin = await world.setup();
});
afterAll(() => world.stop());

const create = (body: Record<string, unknown>) =>
  world.request('POST', BASE, { session: admin, body });
const list = async () =>
  (await world.request('GET', BASE, { session: admin })).body.items as Record<string, unknown>[];
const revoke = (id: unknown) =>
  world.request('DELETE', `${BASE}/${String(id)}`, { session: admin });
const errorNames = (reply: Reply) =>
  (reply.body.errors as { in: string; name: string }[]).map((e) => `${e.in}:${e.name}`);

test('IA#14: creating a token → 201 with its plaintext once; the name is trimmed and the scopes de-duplicated', async () => {
  const reply = await create({
    name: '  CI pipeline  ',
    scopes: ['tasks:run', 'tasks:read', 'tasks:run'],
  });
  expect(reply.status).toBe(201);
  const token = reply.body.token as string;
  expect(token).toMatch(TOKEN);
  expect(Object.keys(reply.body).sort()).toEqual([...RECORD_FIELDS, 'token'].sort());
  expect(reply.body).toMatchObject({
    name: 'CI pipeline',
    token_prefix: token.slice(4, 16),
    expires_at: null,
    last_used_at: null,
    revoked_at: null,
    created_by: { id: admin.userId, username: 'admin' },
  });
  expect([...(reply.body.scopes as string[])].sort()).toEqual(['tasks:read', 'tasks:run']);
  const discovery = await world.request('GET', '/api/v1', { token });
  expect(discovery.status).toBe(200);
  expect(discovery.body.granted_scopes).toEqual(['tasks:read', 'tasks:run']);
});

test('IA#14: the list shows every token newest first, without its plaintext or any digest', async () => {
  const first = await create({ name: 'first', scopes: ['system:read'] });
  const second = await create({ name: 'second', scopes: ['events:read'] });
  const items = await list();
  expect(items.map((t) => t.id).slice(0, 2)).toEqual([second.body.id, first.body.id]);
  const createdAt = items.map((t) => Date.parse(t.created_at as string));
  expect(createdAt).toEqual([...createdAt].sort((a, b) => b - a));
  const text = JSON.stringify(items);
  for (const { body } of [first, second]) {
    const token = body.token as string;
    expect(text).not.toContain(token);
    expect(text).not.toContain(token.slice(17));
    expect(text).not.toContain(createHash('sha256').update(token).digest('hex'));
  }
  for (const item of items) expect(Object.keys(item).sort()).toEqual(RECORD_FIELDS);
});

test('IA#14: revoking sets revoked_at (a repeat keeps the first), the token stays listed and gets 401 token_revoked', async () => {
  const { id, token } = await world.token(admin, ['system:read']);
  const revoked = await revoke(id);
  expect(revoked.status).toBe(200);
  expect(revoked.body).not.toHaveProperty('token');
  const revokedAt = revoked.body.revoked_at as string;
  expect(Date.parse(revokedAt)).toBeLessThanOrEqual(Date.now());
  const again = await revoke(id);
  expect(again.status).toBe(200);
  expect(again.body.revoked_at).toBe(revokedAt);
  expect((await list()).find((t) => t.id === id)?.revoked_at).toBe(revokedAt);
  expectProblem(await world.request('GET', '/api/v1', { token }), 401, 'token_revoked');
});

test('revoking an unknown token → 404', async () => {
  expectProblem(await revoke(987654), 404, 'not_found');
});

test('revoking with a non-integer id → 422 in path', async () => {
  for (const id of ['abc', '1.0', '1e0']) {
    const reply = await revoke(id);
    expectProblem(reply, 422, 'validation_failed');
    expect(reply.body.errors).toEqual([expect.objectContaining({ in: 'path', name: 'token_id' })]);
  }
});

test('unknown or missing scopes, a blank or long name → 422 naming the field, and nothing is created', async () => {
  const before = await world.db.apiToken.count();
  const cases: [Record<string, unknown>, string][] = [
    [{ name: 'x', scopes: ['system:write'] }, 'body:scopes[0]'],
    [{ name: 'x', scopes: ['system:read', 'admin'] }, 'body:scopes[1]'],
    [{ name: 'x', scopes: [] }, 'body:scopes'],
    [{ name: 'x' }, 'body:scopes'],
    [{ name: '   ', scopes: ['system:read'] }, 'body:name'],
    [{ name: 'n'.repeat(101), scopes: ['system:read'] }, 'body:name'],
  ];
  for (const [body, field] of cases) {
    const reply = await create(body);
    expectProblem(reply, 422, 'validation_failed');
    expect(errorNames(reply)).toEqual([field]);
  }
  expect(await world.db.apiToken.count()).toBe(before);
});

test('expires_at must be a future RFC 3339 time → else 422; a naive value is UTC, an offset is normalised', async () => {
  const past = await create({
    name: 'old',
    scopes: ['system:read'],
    expires_at: new Date(Date.now() - 60_000).toISOString(),
  });
  expectProblem(past, 422, 'validation_failed');
  expect(errorNames(past)).toEqual(['body:expires_at']);
  for (const expires_at of ['tomorrow', '2099-01-01', '2099-13-01T00:00:00Z']) {
    const reply = await create({ name: 'bad', scopes: ['system:read'], expires_at });
    expect(errorNames(reply)).toEqual(['body:expires_at']);
  }
  const naive = await create({
    name: 'naive',
    scopes: ['system:read'],
    expires_at: '2099-01-01T00:00:00',
  });
  expect(naive.body.expires_at).toBe('2099-01-01T00:00:00.000Z');
  const offset = await create({
    name: 'offset',
    scopes: ['system:read'],
    expires_at: '2099-01-01T01:30:00+01:00',
  });
  expect(offset.body.expires_at).toBe('2099-01-01T00:30:00.000Z');
  expect(
    (await world.request('GET', '/api/v1', { token: offset.body.token as string })).status,
  ).toBe(200);
  const never = await create({ name: 'never', scopes: ['system:read'], expires_at: null });
  expect(never.body.expires_at).toBeNull();
});

test('an impossible calendar date such as expires_at 2099-02-31T00:00:00Z → 422', async () => {
  const reply = await create({
    name: 'feb',
    scopes: ['system:read'],
    expires_at: '2099-02-31T00:00:00Z',
  });
  expectProblem(reply, 422, 'validation_failed');
  expect(reply.body.errors).toEqual([expect.objectContaining({ in: 'body', name: 'expires_at' })]);
});
