import { expectProblem, GatewayWorld, type Reply, type Session } from './support/gateway';
import { inOneWindow, nextAddress } from './support/limits';

/**
 * Request limits as a client sees them: setup attempts under the per-address login limit
 * (internal-api.md 1.2), and the RateLimit-* headers on authenticated error responses and with
 * the limit disabled (external-api.md 1.9, 1.10).
 */

const PASSWORD = 'correct horse battery';

function rateLimitHeaders(reply: Reply) {
  return {
    limit: reply.headers.get('ratelimit-limit'),
    remaining: reply.headers.get('ratelimit-remaining'),
    reset: reply.headers.get('ratelimit-reset'),
    policy: reply.headers.get('ratelimit-policy'),
  };
}

function expectNoRateLimitHeaders(reply: Reply): void {
  expect(rateLimitHeaders(reply)).toEqual({
    limit: null,
    remaining: null,
    reset: null,
    policy: null,
  });
  expect(reply.headers.get('retry-after')).toBeNull();
}

function expectRetryAfter(reply: Reply): void {
  const retryAfter = Number(reply.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
}

describe('setup attempts count toward the per-address login limit (3 a minute)', () => {
  const LIMIT = 3;
  const setupFrom = (from: string, body: Record<string, unknown>, replica = 0) =>
    world.request('POST', '/api/setup', { body, headers: { 'x-forwarded-for': from }, replica });
  const loginFrom = (from: string, password: string, replica = 0) =>
    world.request('POST', '/api/auth/login', {
      body: { username: 'admin', password },
      headers: { 'x-forwarded-for': from },
      replica,
    });
  let world: GatewayWorld;

  describe('before setup', () => {
    beforeAll(async () => {
      world = await GatewayWorld.start({ loginAttemptsPerMinute: LIMIT, trustProxy: 'loopback' });
      await world.addReplica();
    });
    afterAll(() => world.stop());

    test('after 3 rejected setups from one address the next → 429 with Retry-After; another address completes setup', async () => {
      const replies = await inOneWindow(async () => {
        const from = nextAddress();
        const sent: Reply[] = [];
        // Alternating replicas: the count is shared through Redis.
        for (let i = 0; i <= LIMIT; i += 1)
          sent.push(await setupFrom(from, { username: 'a b', password: 'short' }, i % 2));
        return sent;
      });
      for (const reply of replies.slice(0, LIMIT)) expectProblem(reply, 422, 'validation_failed');
      const limited = replies[LIMIT] as Reply;
      expectProblem(limited, 429, 'rate_limited');
      expectRetryAfter(limited);
      expect(limited.headers.get('set-cookie')).toBeNull();
      expect((await world.request('GET', '/api/setup/status')).body.setup_complete).toBe(false);

      const created = await setupFrom(nextAddress(), { username: 'admin', password: PASSWORD });
      expect(created.status).toBe(201);
      expect((await world.request('GET', '/api/setup/status')).body.setup_complete).toBe(true);
    });
  });

  describe('after setup', () => {
    beforeAll(async () => {
      world = await GatewayWorld.start({ loginAttemptsPerMinute: LIMIT, trustProxy: 'loopback' });
      await world.addReplica();
      expect(
        (await setupFrom(nextAddress(), { username: 'admin', password: PASSWORD })).status,
      ).toBe(201);
    });
    afterAll(() => world.stop());

    test('3 setup attempts (409) use up the address’s login attempts: even the right password → 429', async () => {
      const replies = await inOneWindow(async () => {
        const from = nextAddress();
        const sent: Reply[] = [];
        for (let i = 0; i < LIMIT; i += 1)
          sent.push(await setupFrom(from, { username: `other${i}`, password: PASSWORD }, i % 2));
        sent.push(await loginFrom(from, PASSWORD, LIMIT % 2));
        return sent;
      });
      for (const reply of replies.slice(0, LIMIT))
        expectProblem(reply, 409, 'setup_already_complete');
      const limited = replies[LIMIT] as Reply;
      expectProblem(limited, 429, 'rate_limited');
      expectRetryAfter(limited);
      expect(limited.headers.get('set-cookie')).toBeNull();
      expect(await world.db.user.count()).toBe(1);
      // Another address is unaffected.
      expect((await loginFrom(nextAddress(), PASSWORD)).status).toBe(200);
    });

    test('failed logins and setups share one count: login, setup, login, then setup → 429', async () => {
      const replies = await inOneWindow(async () => {
        const from = nextAddress();
        return [
          await loginFrom(from, 'not the password'),
          await setupFrom(from, { username: 'other', password: PASSWORD }, 1),
          await loginFrom(from, 'not the password'),
          await setupFrom(from, { username: 'other', password: PASSWORD }, 1),
        ];
      });
      expect(replies.map((r) => r.status)).toEqual([401, 409, 401, 429]);
      expectProblem(replies[3] as Reply, 429, 'rate_limited');
      expectRetryAfter(replies[3] as Reply);
    });
  });
});

describe('RateLimit-* headers', () => {
  let world: GatewayWorld;
  let admin: Session;
  // Replica 0: 50 a minute; 1: disabled (0); 2: 3 a minute. All share the Redis counters.
  const [LIMITED, DISABLED, TIGHT] = [0, 1, 2];
  beforeAll(async () => {
    world = await GatewayWorld.start({ rateLimitPerMinute: 50 });
    admin = await world.setup();
    await world.addReplica({ rateLimitPerMinute: 0 });
    await world.addReplica({ rateLimitPerMinute: 3 });
  });
  afterAll(() => world.stop());

  test('a 403 insufficient_scope and a 422 validation_failed carry the headers and count against the limit', async () => {
    const replies = await inOneWindow(async () => {
      const { token } = await world.token(admin, ['candidates:read']);
      return [
        await world.request('GET', '/api/v1/system', { token }),
        await world.request('GET', '/api/v1/candidates?per_page=0', { token }),
        await world.request('POST', '/api/v1/protections', { token, body: {} }),
        await world.request('GET', '/api/v1', { token }),
      ];
    });
    const [scope, validation, mutating, discovery] = replies as [Reply, Reply, Reply, Reply];
    expectProblem(scope, 403, 'insufficient_scope');
    expect(scope.body.detail).toContain('system:read');
    expectProblem(validation, 422, 'validation_failed');
    expect(validation.body.errors).toEqual([
      expect.objectContaining({ in: 'query', name: 'per_page' }),
    ]);
    expectProblem(mutating, 403, 'insufficient_scope');
    expect(discovery.status).toBe(200);
    expect(replies.map((r) => rateLimitHeaders(r).remaining)).toEqual(['49', '48', '47', '46']);
    for (const reply of replies) {
      const headers = rateLimitHeaders(reply);
      expect(headers.limit).toBe('50');
      expect(headers.policy).toBe('50;w=60');
      expect(Number(headers.reset)).toBeGreaterThanOrEqual(1);
      expect(Number(headers.reset)).toBeLessThanOrEqual(60);
    }
  });

  test('a 422 on a mutating operation carries the headers', async () => {
    const reply = await inOneWindow(async () => {
      const { token } = await world.token(admin, ['protections:manage']);
      return world.request('POST', '/api/v1/protections', { token, body: { media_type: 'x' } });
    });
    expectProblem(reply, 422, 'validation_failed');
    const { reset, ...headers } = rateLimitHeaders(reply);
    expect(headers).toEqual({ limit: '50', remaining: '49', policy: '50;w=60' });
    expect(Number(reset)).toBeGreaterThanOrEqual(1);
    expect(Number(reset)).toBeLessThanOrEqual(60);
  });

  test('over the limit, 429 answers before the scope check, with the headers and Retry-After', async () => {
    const replies = await inOneWindow(async () => {
      const { token } = await world.token(admin, ['candidates:read']);
      const sent: Reply[] = [];
      for (let i = 0; i < 4; i += 1)
        sent.push(await world.request('GET', '/api/v1/system', { token, replica: TIGHT }));
      return sent;
    });
    for (const reply of replies.slice(0, 3)) expectProblem(reply, 403, 'insufficient_scope');
    const limited = replies[3] as Reply;
    expectProblem(limited, 429, 'rate_limited');
    expectRetryAfter(limited);
    expect(replies.map((r) => rateLimitHeaders(r).remaining)).toEqual(['2', '1', '0', '0']);
    expect(rateLimitHeaders(limited).limit).toBe('3');
    expect(rateLimitHeaders(limited).policy).toBe('3;w=60');
  });

  test('with the limit disabled (0): no RateLimit-* headers on successes or errors, and no 429 even for a token over another replica’s limit', async () => {
    const { token } = await world.token(admin, ['candidates:read']);
    const exhausted = await inOneWindow(async () => {
      const sent: Reply[] = [];
      for (let i = 0; i < 4; i += 1)
        sent.push(await world.request('GET', '/api/v1', { token, replica: TIGHT }));
      return sent;
    });
    expectProblem(exhausted[3] as Reply, 429, 'rate_limited');

    const replies: Reply[] = [];
    for (let i = 0; i < 20; i += 1)
      replies.push(await world.request('GET', '/api/v1', { token, replica: DISABLED }));
    replies.push(await world.request('GET', '/api/v1/system', { token, replica: DISABLED }));
    replies.push(
      await world.request('GET', '/api/v1/candidates?per_page=0', { token, replica: DISABLED }),
    );
    expect(replies.map((r) => r.status)).toEqual([...Array<number>(20).fill(200), 403, 422]);
    for (const reply of replies) expectNoRateLimitHeaders(reply);
  });

  test('requests on a disabled replica do not use up the count other replicas see', async () => {
    const { token } = await world.token(admin, ['candidates:read']);
    for (let i = 0; i < 5; i += 1)
      expect((await world.request('GET', '/api/v1', { token, replica: DISABLED })).status).toBe(
        200,
      );
    const reply = await world.request('GET', '/api/v1', { token, replica: LIMITED });
    expect(rateLimitHeaders(reply).remaining).toBe('49');
  });
});
