import type { IncomingMessage, ServerResponse } from 'node:http';
import { createLogger } from '@mcs/kit';
import { waitFor } from '@mcs/kit/testing';
import { loadConfig } from '../src/config';
import { generateToken } from '../src/tokens/token-format';
import { SetupService } from '../src/setup/setup.service';
import { TokenAuthService } from '../src/tokens/token-auth.service';
import {
  GATEWAY_ENV,
  expectProblem,
  GatewayWorld,
  standInService,
  type Reply,
  type Session,
} from './support/gateway';

/**
 * One client must not be able to exhaust what the gateway shares (issue 11 point 5): the
 * idempotency pool, the database (token guessing) and the CPU (password hashing).
 */
let world: GatewayWorld;
let admin: Session;
let scheduler: { url: string; close: () => Promise<void> };
/** Requests the stand-in scheduler is holding, answered when a test releases them. */
const held: ServerResponse[] = [];

function hold(_req: IncomingMessage, res: ServerResponse): void {
  held.push(res);
}

function release(): void {
  for (const res of held.splice(0)) {
    res.statusCode = 202;
    res.setHeader('content-type', 'application/json; charset=utf-8');
    res.end(
      JSON.stringify({
        task_id: 'sync_media',
        run_id: 1,
        job_id: 1,
        queued: true,
        already_active: false,
      }),
    );
  }
}

beforeAll(async () => {
  scheduler = await standInService(hold);
  world = await GatewayWorld.start(
    { idempotentInFlightPerToken: 2, authFailuresPerMinute: 3, trustProxy: 'loopback' },
    { scheduler: scheduler.url },
  );
  admin = await world.setup();
});
afterAll(async () => {
  release();
  await world.stop();
  await scheduler.close();
});

const RUN = '/api/v1/tasks/sync_media/run';
const run = (token: string, key?: string, replica = 0): Promise<Reply> =>
  world.request('POST', RUN, {
    token,
    body: {},
    headers: key ? { 'idempotency-key': key } : {},
    replica,
  });

const until = (count: number) =>
  waitFor(() => held.length === count, { what: `${count} held requests` });

test('a token may hold only its share of idempotent requests in flight; beyond it 429 with Retry-After', async () => {
  const busy = await world.token(admin, ['tasks:run']);
  const other = await world.token(admin, ['tasks:run']);
  const first = [run(busy.token, 'a'), run(busy.token, 'b')];
  await until(2);

  const third = await run(busy.token, 'c');
  expectProblem(third, 429, 'too_many_in_flight');
  expect(third.body.detail).toContain('IDEMPOTENT_IN_FLIGHT_PER_TOKEN');
  expect(Number(third.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  expect(held).toHaveLength(2); // it never reached the service

  // Other tokens, and this token's requests without a key, are not held back.
  const others = [run(other.token, 'a'), run(busy.token)];
  await until(4);
  release();
  expect((await Promise.all([...first, ...others])).map((r) => r.status)).toEqual([
    202, 202, 202, 202,
  ]);

  // A slot is free again once a request has finished.
  const later = run(busy.token, 'c');
  await until(1);
  release();
  expect((await later).status).toBe(202);
});

/** loadConfig as the process runs it; a refused value fails with the message it printed. */
function load(env: Record<string, string>) {
  const exit = jest.spyOn(process, 'exit').mockImplementation((code) => {
    throw new Error(`exit ${code}: ${stderr.mock.calls.join('')}`);
  });
  const stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
  try {
    return loadConfig({ ...GATEWAY_ENV, ...env });
  } finally {
    exit.mockRestore();
    stderr.mockRestore();
  }
}

test('IDEMPOTENT_IN_FLIGHT_PER_TOKEN=0 turns the cap off, whatever RATE_LIMIT_PER_MINUTE is: with both 0, five concurrent idempotent requests of one token all succeed', async () => {
  const { rateLimitPerMinute, idempotentInFlightPerToken } = load({
    RATE_LIMIT_PER_MINUTE: '0',
    IDEMPOTENT_IN_FLIGHT_PER_TOKEN: '0',
  });
  const uncapped = world.replicas.length;
  await world.addReplica({ rateLimitPerMinute, idempotentInFlightPerToken });
  const { token } = await world.token(admin, ['tasks:run']);
  const runs = ['a', 'b', 'c', 'd', 'e'].map((key) => run(token, key, uncapped));
  // All five reach the service at once: none was held back by a cap.
  await until(5);
  release();
  expect((await Promise.all(runs)).map((reply) => reply.status)).toEqual([202, 202, 202, 202, 202]);
});

test('failed authentications are counted per client address: past the limit even a valid token gets 429', async () => {
  const valid = await world.token(admin, ['system:read']);
  const from = (address: string, token: string) =>
    world.request('GET', '/api/v1', { token, headers: { 'x-forwarded-for': address } });
  const guess = `mcs_${'0'.repeat(12)}_${'A'.repeat(43)}`;
  for (let i = 0; i < 3; i += 1) expectProblem(await from('10.0.0.1', guess), 401, 'invalid_token');

  const blocked = await from('10.0.0.1', guess);
  expectProblem(blocked, 429, 'rate_limited');
  expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  expectProblem(await from('10.0.0.1', valid.token), 429, 'rate_limited');

  // Another address is unaffected.
  expect((await from('10.0.0.2', valid.token)).status).toBe(200);
  expectProblem(await from('10.0.0.2', guess), 401, 'invalid_token');
});

describe('an unknown token prefix', () => {
  const log = createLogger({ service: 'test', level: 'silent' });
  const auth = (negativeTtlMs: number) =>
    new TokenAuthService(world.db, () => new Date(), { ttlMs: 0, negativeTtlMs }, log);

  /** A token that does not exist yet, and a way to create its row behind the gateway's back. */
  function unborn() {
    const { prefix, token, hash } = generateToken();
    const create = () =>
      world.db.apiToken.create({
        data: {
          name: 'late',
          prefix,
          tokenHash: hash,
          scopes: ['system:read'],
          createdById: BigInt(admin.userId),
        },
      });
    return { token, create };
  }

  test('is remembered as unknown for the negative-cache time: no database lookup per guess', async () => {
    const { token, create } = unborn();
    const service = auth(60_000);
    await expect(service.authenticate(`Bearer ${token}`)).rejects.toMatchObject({ status: 401 });
    await create();
    // Still unknown to this service: it did not ask the database again.
    await expect(service.authenticate(`Bearer ${token}`)).rejects.toMatchObject({
      code: 'invalid_token',
    });
  });

  test('without a negative cache every lookup reaches the database', async () => {
    const { token, create } = unborn();
    const service = auth(0);
    await expect(service.authenticate(`Bearer ${token}`)).rejects.toMatchObject({ status: 401 });
    await create();
    await expect(service.authenticate(`Bearer ${token}`)).resolves.toMatchObject({
      scopes: ['system:read'],
    });
  });
});

test('setup after setup answers 409 setup_already_complete without hashing the password', async () => {
  let hashed = 0;
  const setup = new SetupService(world.db, {
    hash: (password) => {
      hashed += 1;
      return Promise.resolve(`hash of ${password}`);
    },
  });
  await expect(
    setup.completeSetup({ username: 'intruder', password: 'another long password' }),
  ).rejects.toMatchObject({ status: 409, code: 'setup_already_complete' });
  expect(hashed).toBe(0);

  const again = await world.request('POST', '/api/setup', {
    body: { username: 'intruder', password: 'another long password' },
  });
  expectProblem(again, 409, 'setup_already_complete');
  expect(await world.db.user.count({ where: { username: 'intruder' } })).toBe(0);
});
