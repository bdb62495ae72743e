import { CLOSED_PORT } from '@mcs/kit/testing';
import { expectProblem, GatewayWorld, type Reply, type Session } from './support/gateway';

let world: GatewayWorld;
let admin: Session;

beforeAll(async () => {
  world = await GatewayWorld.start({ rateLimitPerMinute: 5 });
  admin = await world.setup();
  await world.addReplica();
});
afterAll(() => world.stop());

/**
 * Sends 6 requests alternating between the two replicas with a fresh token. Windows are fixed
 * minutes, so a run that straddles a minute boundary (its reset time jumps up) is repeated.
 */
async function sixRequests(): Promise<Reply[]> {
  for (;;) {
    const { token } = await world.token(admin, ['tasks:read']);
    const replies: Reply[] = [];
    for (let i = 0; i < 6; i += 1)
      replies.push(await world.request('GET', '/api/v1/tasks', { token, replica: i % 2 }));
    const resets = replies.map((r) => Number(r.headers.get('ratelimit-reset')));
    if (resets.every((reset, i) => i === 0 || reset <= (resets[i - 1] as number))) return replies;
  }
}

test('EA#52: the limit is shared by the replicas; the 6th request in a window is 429 with Retry-After', async () => {
  const replies = await sixRequests();
  expect(replies.slice(0, 5).map((r) => r.status)).toEqual([503, 503, 503, 503, 503]);
  expect(replies.map((r) => r.headers.get('ratelimit-remaining'))).toEqual([
    '4',
    '3',
    '2',
    '1',
    '0',
    '0',
  ]);
  const limited = replies[5] as Reply;
  expectProblem(limited, 429, 'rate_limited');
  expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  for (const reply of replies) {
    expect(reply.headers.get('ratelimit-limit')).toBe('5');
    expect(reply.headers.get('ratelimit-policy')).toBe('5;w=60');
    expect(Number(reply.headers.get('ratelimit-reset'))).toBeGreaterThanOrEqual(1);
  }
});

test('requests refused with 401 and route misses do not count', async () => {
  const { token } = await world.token(admin, ['tasks:read']);
  await world.request('GET', '/api/v1/nope', { token });
  await world.request('GET', '/api/v1/tasks', { token: `${token.slice(0, -1)}x` });
  const reply = await world.request('GET', '/api/v1/tasks', { token });
  expect(reply.headers.get('ratelimit-remaining')).toBe('4');
});

test('tokens are limited separately', async () => {
  const [first, second] = [
    await world.token(admin, ['tasks:read']),
    await world.token(admin, ['tasks:read']),
  ];
  for (let i = 0; i < 3; i += 1)
    await world.request('GET', '/api/v1/tasks', { token: first.token });
  const reply = await world.request('GET', '/api/v1/tasks', { token: second.token });
  expect(reply.headers.get('ratelimit-remaining')).toBe('4');
});

test('when the counter store is unreachable, requests are allowed without RateLimit headers', async () => {
  const runtime = {
    ...world.config.runtime,
    redis: { ...world.config.runtime.redis, url: `redis://127.0.0.1:${CLOSED_PORT}` },
  };
  await world.addReplica({ runtime });
  const { token } = await world.token(admin, ['tasks:read']);
  const replica = world.replicas.length - 1;
  for (let i = 0; i < 7; i += 1) {
    const reply = await world.request('GET', '/api/v1/tasks', { token, replica });
    expect(reply.status).toBe(503);
    expect(reply.headers.get('ratelimit-limit')).toBeNull();
  }
});
