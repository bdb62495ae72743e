import { createHash } from 'node:crypto';
import { expectProblem, GatewayWorld, type Session } from './support/gateway';

/**
 * Session lifetime (internal-api.md 1.2, IA#8): 24 h sliding, 30 days at most after login.
 * Time passing is simulated on the observable record, the session row: its timestamps are set
 * to what the gateway would have stored had the last request been that long ago.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const PASSWORD = 'correct horse battery';

let world: GatewayWorld;

beforeAll(async () => {
  // Every test logs in afresh: lift the per-address login limit (IA#5 is in sessions.test.ts).
  world = await GatewayWorld.start({ loginAttemptsPerMinute: 1000 });
  await world.setup('admin', PASSWORD);
});
afterAll(() => world.stop());

const idHash = (session: Session) => createHash('sha256').update(session.cookie).digest('hex');

/** Rewrites the session row as if it was created and last used that long ago. */
async function age(
  session: Session,
  times: { createdAgo: number; lastSeenAgo: number; expiresAt: (now: number) => number },
): Promise<number> {
  const now = Date.now();
  await world.db.session.update({
    where: { idHash: idHash(session) },
    data: {
      createdAt: new Date(now - times.createdAgo),
      lastSeenAt: new Date(now - times.lastSeenAgo),
      expiresAt: new Date(times.expiresAt(now)),
    },
  });
  return now;
}

const row = (session: Session) =>
  world.db.session.findUnique({ where: { idHash: idHash(session) } });

test('IA#8: a session used 23 h after its last request is still valid and its expiry moves to now + 24 h', async () => {
  const session = await world.login('admin', PASSWORD);
  await age(session, {
    createdAgo: 23 * HOUR,
    lastSeenAgo: 23 * HOUR,
    expiresAt: (now) => now + HOUR,
  });
  const before = Date.now();
  const reply = await world.request('GET', '/api/auth/me', { session });
  const after = Date.now();
  expect(reply.status).toBe(200);
  const expiresAt = Date.parse(reply.body.session_expires_at as string);
  expect(expiresAt).toBeGreaterThanOrEqual(before + DAY);
  expect(expiresAt).toBeLessThanOrEqual(after + DAY);
  const stored = await row(session);
  expect(stored?.expiresAt.getTime()).toBe(expiresAt);
  expect(stored?.lastSeenAt.getTime()).toBeGreaterThanOrEqual(before);
});

test('IA#8: a session idle for 25 h → 401 unauthenticated and the cookie is cleared', async () => {
  const session = await world.login('admin', PASSWORD);
  await age(session, {
    createdAgo: 25 * HOUR,
    lastSeenAgo: 25 * HOUR,
    expiresAt: (now) => now - HOUR,
  });
  const reply = await world.request('GET', '/api/auth/me', { session });
  expectProblem(reply, 401, 'unauthenticated');
  expect(reply.headers.get('set-cookie')).toMatch(/^mcs_session=; Max-Age=0;/);
  expectProblem(await world.request('GET', '/api/auth/me', { session }), 401, 'unauthenticated');
});

test('a session in use is never extended past 30 days after login', async () => {
  const session = await world.login('admin', PASSWORD);
  const createdAgo = 30 * DAY - 10 * 60_000;
  // What the gateway stored at the last request, 5 minutes ago: capped at login + 30 days.
  const now = await age(session, {
    createdAgo,
    lastSeenAgo: 5 * 60_000,
    expiresAt: (t) => t - createdAgo + 30 * DAY,
  });
  const reply = await world.request('GET', '/api/auth/me', { session });
  expect(reply.status).toBe(200);
  expect(Date.parse(reply.body.session_expires_at as string)).toBe(now - createdAgo + 30 * DAY);
  expect((await row(session))?.expiresAt.getTime()).toBe(now - createdAgo + 30 * DAY);
});

test('a session older than 30 days is refused, however recently it was used', async () => {
  const session = await world.login('admin', PASSWORD);
  const createdAgo = 30 * DAY + 60_000;
  await age(session, {
    createdAgo,
    lastSeenAgo: 2 * 60_000,
    expiresAt: (now) => now - createdAgo + 30 * DAY,
  });
  expectProblem(await world.request('GET', '/api/auth/me', { session }), 401, 'unauthenticated');
});

test('requests within a minute of the last write do not rewrite the session row', async () => {
  const session = await world.login('admin', PASSWORD);
  const first = await row(session);
  expect((await world.request('GET', '/api/auth/me', { session })).status).toBe(200);
  expect(await row(session)).toEqual(first);
});
