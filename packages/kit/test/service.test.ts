import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService } from '@mcs/kit';
import { createTestEnv, TEST_KEYS } from '@mcs/kit/testing';

/** A service with no tables of its own: its src/ stands in a directory with no migrations. */
const dir = join(mkdtempSync(join(tmpdir(), 'service-')), 'src');
const noDb = () => ({ $disconnect: () => Promise.resolve() });

test('prepare runs before anything connects: a bad key stops the start with its own error', async () => {
  let connected = false;
  const start = startService(
    {
      service: 'webhooks',
      dir,
      prepare: () => {
        throw new Error('ENCRYPTION_KEYS: no key opens');
      },
      createDb: () => {
        connected = true;
        return noDb();
      },
    },
    // Nothing listens on port 1: had the runtime started first, this would be its error.
    {
      runtime: {
        port: 0,
        database: { url: 'postgresql://postgres@127.0.0.1:1/none', poolMax: 1 },
        redis: { url: 'redis://127.0.0.1:1', prefix: 'none' },
        broker: { url: 'amqp://127.0.0.1:1', namespace: 'none' },
        log: { level: 'silent' },
        keys: TEST_KEYS,
        shutdownTimeoutMs: 1000,
      },
    },
  );
  await expect(start).rejects.toThrow('ENCRYPTION_KEYS: no key opens');
  expect(connected).toBe(false);
});

test("what prepare returns reaches build, with the runtime and the service's client", async () => {
  const env = await createTestEnv();
  const service = await startService(
    {
      service: 'webhooks',
      dir,
      prepare: (config) => Promise.resolve({ port: config.runtime.port, key: 'opened' }),
      createDb: noDb,
      build: (runtime, db, prepared) => ({ prepared, service: runtime.service, db }),
    },
    { runtime: env.runtimeConfig() },
  );
  try {
    expect(service.services).toEqual({
      prepared: { port: 0, key: 'opened' },
      service: 'webhooks',
      db: service.db,
    });
  } finally {
    await service.stop();
    await env.cleanup();
  }
});
