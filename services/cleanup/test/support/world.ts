import type { MessagePayload } from '@mcs/contracts';
import {
  createTestEnv,
  type MessageRecorder,
  recordMessages,
  type TestEnv,
  waitFor,
  TestClock,
} from '@mcs/kit/testing';
import type { CleanupConfig } from '../../src/config';
import { type CleanupService, startCleanup } from '../../src/server';
import { type Api, apiClient } from './api';
import type { EventRecord } from './events';

/**
 * One test file's cleanup service, started in-process on its own database and broker
 * namespace, with a hand-moved clock, a signed API client and recorders of what it publishes.
 */
export interface World {
  env: TestEnv;
  service: CleanupService;
  clock: TestClock;
  api: Api;
  /** Lifecycle events (`candidate.*`, `protection.*`) as the broker delivered them. */
  broker: MessageRecorder<EventRecord>;
  /** `cleanup.media_links_changed` messages as the broker delivered them. */
  links: MessageRecorder<MessagePayload<'cleanup.media_links_changed'>>;
  /** Waits until the outbox is empty, i.e. everything committed has been published. */
  drained(): Promise<void>;
  /**
   * Lifecycle events recorded for a candidate (outbox rows are kept after publishing), in
   * commit order: what was committed, independent of broker timing.
   */
  recorded(candidateId: number): Promise<string[]>;
  /** The same for the events carrying one protection. */
  recordedProtection(protectionId: number): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * The test file's world, started before its tests and closed after them. The object is filled
 * in by beforeAll, so read its properties inside tests and hooks only.
 */
export function useWorld(config: Omit<CleanupConfig, 'runtime'> = {}): World {
  const world = {} as World;
  beforeAll(async () => {
    Object.assign(world, await startWorld(config));
  });
  afterAll(() => world.close());
  return world;
}

export async function startWorld(config: Omit<CleanupConfig, 'runtime'> = {}): Promise<World> {
  const env = await createTestEnv();
  const clock = new TestClock();
  const service = await startCleanup(
    { ...config, runtime: env.runtimeConfig() },
    { clock: clock.now },
  );
  const broker = await recordMessages<EventRecord>(env.namespace, ['candidate.*', 'protection.*']);
  const links = await recordMessages<MessagePayload<'cleanup.media_links_changed'>>(env.namespace, [
    'cleanup.media_links_changed',
  ]);
  return {
    env,
    service,
    clock,
    api: apiClient(service.url),
    broker,
    links,
    drained: async () => {
      await waitFor(
        async () => (await service.db.outboxMessage.count({ where: { publishedAt: null } })) === 0,
        { what: 'the outbox to drain' },
      );
    },
    recorded: async (candidateId) => {
      const rows = await service.db.$queryRaw<{ routing_key: string }[]>`
        SELECT routing_key FROM outbox WHERE (payload->>'candidate_id')::bigint = ${candidateId}
        ORDER BY id`;
      return rows.map((row) => row.routing_key);
    },
    recordedProtection: async (protectionId) => {
      const rows = await service.db.$queryRaw<{ routing_key: string }[]>`
        SELECT routing_key FROM outbox
         WHERE (payload->'payload'->'protection'->>'id')::bigint = ${protectionId}
         ORDER BY id`;
      return rows.map((row) => row.routing_key);
    },
    close: async () => {
      await broker.close();
      await links.close();
      await service.stop();
      await env.cleanup();
    },
  };
}
