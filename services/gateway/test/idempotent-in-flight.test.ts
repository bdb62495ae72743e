import type { IncomingMessage, ServerResponse } from 'node:http';
import { waitFor } from '@mcs/kit/testing';
import { loadConfig } from '../src/config';
import { GatewayWorld, standInService, type Session } from './support/gateway';

/**
 * IDEMPOTENT_IN_FLIGHT_PER_TOKEN is a setting of its own (issue 25 point 5): 0 switches the
 * per-token cap off, whatever RATE_LIMIT_PER_MINUTE says, and turning rate limits off leaves
 * the cap as it is set.
 */

let world: GatewayWorld;
let admin: Session;
let scheduler: { url: string; close: () => Promise<void> };
/** Requests the stand-in scheduler holds until the test releases them. */
const held: ServerResponse[] = [];

function release(): void {
  for (const res of held.splice(0)) {
    res.setHeader('content-type', 'application/json; charset=utf-8');
    res.statusCode = 202;
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

/** loadConfig as the process runs it; a refused value fails with the message it printed. */
function load(env: Record<string, string>) {
  const exit = jest.spyOn(process, 'exit').mockImplementation((code) => {
    throw new Error(`exit ${code}: ${stderr.mock.calls.join('')}`);
  });
  const stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
  try {
    return loadConfig(env);
  } finally {
    exit.mockRestore();
    stderr.mockRestore();
  }
}

beforeAll(async () => {
  scheduler = await standInService((_req: IncomingMessage, res: ServerResponse) => {
    held.push(res);
  });
  const { rateLimitPerMinute, idempotentInFlightPerToken } = load({
    RATE_LIMIT_PER_MINUTE: '0',
    IDEMPOTENT_IN_FLIGHT_PER_TOKEN: '0',
  });
  world = await GatewayWorld.start(
    { rateLimitPerMinute, idempotentInFlightPerToken },
    { scheduler: scheduler.url },
  );
  admin = await world.setup();
});
afterAll(async () => {
  release();
  await world?.stop();
  await scheduler.close();
});

test('with IDEMPOTENT_IN_FLIGHT_PER_TOKEN=0 and RATE_LIMIT_PER_MINUTE=0, five concurrent idempotent requests of one token all succeed', async () => {
  const { token } = await world.token(admin, ['tasks:run']);
  const runs = ['a', 'b', 'c', 'd', 'e'].map((key) =>
    world.request('POST', '/api/v1/tasks/sync_media/run', {
      token,
      body: {},
      headers: { 'idempotency-key': key },
    }),
  );
  // All five are at the service at once: none was held back by a cap.
  await waitFor(() => held.length === 5, { what: 'five requests at the scheduler' });
  release();
  expect((await Promise.all(runs)).map((reply) => reply.status)).toEqual([202, 202, 202, 202, 202]);
});
