import { createTestEnv, type TestEnv } from '@mcs/kit/testing';
import { startCleanup, type CleanupService } from '../src/server';
import { newMovie } from './support/factories';

/** The media projection is rebuilt from catalog's facts on first start (architecture.md). */
let env: TestEnv;
const started: CleanupService[] = [];

beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => {
  for (const service of started) await service.stop();
  await env.cleanup();
});

async function start(): Promise<CleanupService> {
  const service = await startCleanup({ runtime: env.runtimeConfig() });
  started.push(service);
  return service;
}

const requests = (service: CleanupService) =>
  service.db.outboxMessage.count({ where: { routingKey: 'catalog.media.backfill' } });

test('a first start with an empty projection asks catalog once for a backfill, also with two replicas', async () => {
  const [first, second] = await Promise.all([start(), start()]);
  const request = await first.db.outboxMessage.findFirstOrThrow({
    where: { routingKey: 'catalog.media.backfill' },
  });
  expect(request.payload).toEqual({ requested_by_service: 'cleanup', since: null });
  expect(await requests(second)).toBe(1);
});

test('a start with a filled projection asks for nothing', async () => {
  const service = started[0] as CleanupService;
  await newMovie(service.db);
  await start();
  expect(await requests(service)).toBe(1);
});
