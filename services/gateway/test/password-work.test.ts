import { performance } from 'node:perf_hooks';
import {
  expectProblem,
  GatewayWorld,
  sessionOf,
  type Reply,
  type Session,
} from './support/gateway';
import { inOneWindow, nextAddress } from './support/limits';

/**
 * A password hash is deliberately expensive (scrypt, N = 2^17: about 128 MiB and most of a
 * second each), so nobody may make the gateway compute them without bound (issue 25 point 3):
 * password changes are limited per user and per address before the current password is
 * checked, and every hash in the process takes one of a few slots, so a flood of them never
 * starves logins or the other work of libuv's thread pool.
 */

const PASSWORD = 'correct horse battery';
/**
 * Password attempts per user and per address per minute (LOGIN_ATTEMPTS_PER_MINUTE). One, below
 * the 2 hashing slots: what the limit lets through never makes a login wait for a slot, however
 * slow a hash is on a busy machine.
 */
const LIMIT = 1;

let world: GatewayWorld;
let admin: Session;
let users = 0;

beforeAll(async () => {
  world = await GatewayWorld.start({ loginAttemptsPerMinute: LIMIT, trustProxy: 'loopback' });
  admin = await world.setup('admin', PASSWORD);
});
afterAll(() => world.stop());

const login = (username: string, from: string, password = PASSWORD) =>
  world.request('POST', '/api/auth/login', {
    body: { username, password },
    headers: { 'x-forwarded-for': from },
  });

/** A new user, logged in from an address of its own. */
async function newUser(): Promise<{ username: string; session: Session }> {
  const username = `user${(users += 1)}`;
  const created = await world.request('POST', '/api/users', {
    session: admin,
    body: { username, password: PASSWORD, role: 'user' },
  });
  expect(created.status).toBe(201);
  return { username, session: sessionOf(await login(username, nextAddress())) };
}

const changePassword = (session: Session, from: string) =>
  world.request('PUT', '/api/auth/password', {
    session,
    headers: { 'x-forwarded-for': from },
    body: { current_password: 'not the current password', new_password: 'a brand new password' },
  });

/** The gateway's count of password hashes with this outcome, from its metrics port. */
async function hashes(of: GatewayWorld, outcome: 'computed' | 'refused'): Promise<number> {
  const text = await (await fetch(`${of.replicas[0]?.metricsUrl}/metrics`)).text();
  const line = text
    .split('\n')
    .find(
      (l) => l.startsWith('gateway_password_hashes_total{') && l.includes(`outcome="${outcome}"`),
    );
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

function expectRetryAfter(reply: Reply): void {
  expect(Number(reply.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
}

test('a flood of password changes by one user from one address: the allowed attempt is checked, the rest get 429 before any hash, per user and per address', async () => {
  const { replies, computed, otherAddress, otherUser, unrelated } = await inOneWindow(async () => {
    const [flooder, other, third] = [await newUser(), await newUser(), await newUser()];
    const from = nextAddress();
    const before = await hashes(world, 'computed');
    const flood = await Promise.all(
      Array.from({ length: 12 }, () => changePassword(flooder.session, from)),
    );
    return {
      replies: flood,
      computed: (await hashes(world, 'computed')) - before,
      // The same user from another address, and another user from the same address.
      otherAddress: await changePassword(flooder.session, nextAddress()),
      otherUser: await changePassword(other.session, from),
      // Neither the user nor the address: checked as usual.
      unrelated: await changePassword(third.session, nextAddress()),
    };
  });
  const checked = replies.filter((reply) => reply.status === 422);
  const limited = replies.filter((reply) => reply.status === 429);
  expect(replies.map((reply) => reply.status).sort()).toEqual([
    ...Array<number>(LIMIT).fill(422),
    ...Array<number>(12 - LIMIT).fill(429),
  ]);
  for (const reply of checked)
    expect(reply.body.errors).toEqual([expect.objectContaining({ name: 'current_password' })]);
  for (const reply of limited) {
    expectProblem(reply, 429, 'rate_limited');
    expectRetryAfter(reply);
  }
  // One hash per checked attempt (each verified the wrong current password), none for the rest.
  expect(computed).toBe(LIMIT);

  expectProblem(otherAddress, 429, 'rate_limited');
  expectProblem(otherUser, 429, 'rate_limited');
  expectProblem(unrelated, 422, 'validation_failed');
});

test('a login succeeds promptly while another user floods password changes', async () => {
  const [flooder, other] = [await newUser(), await newUser()];
  const timedLogin = async () => {
    const started = performance.now();
    const reply = await login(other.username, nextAddress());
    return { status: reply.status, ms: performance.now() - started };
  };
  // What a login costs next to the one check the limit lets a flooder have: two at once.
  const pair = await Promise.all([timedLogin(), timedLogin()]);
  expect(pair.map((attempt) => attempt.status)).toEqual([200, 200]);
  const usual = Math.max(...pair.map((attempt) => attempt.ms));

  const from = nextAddress();
  const flood = Array.from({ length: 32 }, () => changePassword(flooder.session, from));
  // Once the first answer is back, every request of the flood has reached the gateway.
  await Promise.race(flood);
  const during = await timedLogin();
  await Promise.all(flood);

  expect(during.status).toBe(200);
  // Never behind the whole flood: about as long as usual (generously bounded).
  expect(during.ms).toBeLessThan(3 * usual + 500);
}, 60_000);

describe('with more attempts allowed than there are slots for hashing', () => {
  let busy: GatewayWorld;
  beforeAll(async () => {
    busy = await GatewayWorld.start({ loginAttemptsPerMinute: 1000 });
    await busy.setup('admin', PASSWORD);
  });
  afterAll(() => busy.stop());

  test('hash work beyond the slots and their short queue answers 503 server_busy with Retry-After at once, instead of queueing without bound', async () => {
    const attempts = 24;
    const replies = await Promise.all(
      Array.from({ length: attempts }, (_, i) =>
        busy.request('POST', '/api/auth/login', {
          body: { username: 'admin', password: i % 2 === 0 ? PASSWORD : 'not the password' },
        }),
      ),
    );
    const refused = replies.filter((reply) => reply.status === 503);
    // UV_THREADPOOL_SIZE 4 (Node's default) gives 2 slots and a queue of 8: the other 14 at
    // least find no place to wait.
    expect(refused.length).toBeGreaterThanOrEqual(attempts - 10);
    for (const reply of refused) {
      expectProblem(reply, 503, 'server_busy');
      expectRetryAfter(reply);
    }
    for (const reply of replies.filter((r) => r.status !== 503))
      expect([200, 401]).toContain(reply.status);
    expect(await hashes(busy, 'refused')).toBe(refused.length);
  });
});
