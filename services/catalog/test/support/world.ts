import type { GeneralSettings, MessageName, MessagePayload } from '@mcs/contracts';
import {
  createTestEnv,
  TEST_ENCRYPTION_KEYS,
  type TestEnv,
  waitFor,
  TestClock,
} from '@mcs/kit/testing';
import {
  startSimulator,
  type Simulator,
  type SimulatorOptions,
} from '../../../../infra/simulator/src';
import { DEFAULT_TIMINGS } from '../../src/config';
import { DEFAULT_LIMITS, type UpstreamLimits } from '../../src/integrations/limits';
import type { Rename } from '../../src/operations/file-move';
import { type CatalogService, startCatalog } from '../../src/server';
import { ADMIN, type Api, apiClient } from './api';
import { brokerFor, type TestBroker } from './broker';
import { changeSettings, seedSettings } from './settings';

/**
 * One test file's catalog, started in-process on its own database and broker namespace, with
 * a library simulator standing in for the media server, Radarr, Sonarr and Seerr, a hand-moved
 * clock, a signed API client and the test's own end of the broker.
 */
export interface World {
  env: TestEnv;
  sim: Simulator;
  service: CatalogService;
  clock: TestClock;
  api: Api;
  broker: TestBroker;
  /** Saves the simulator's systems as enabled services (Jellyfin main); returns their ids. */
  configure(systems?: ('radarr' | 'sonarr' | 'seerr')[]): Promise<Record<string, number>>;
  /**
   * Publishes settings.changed as the scheduler would (the next version; the changes pile up on
   * the documented defaults) and waits until catalog holds that version.
   */
  changeSettings(changes: Partial<GeneralSettings>): Promise<void>;
  /** Every pause the executor asked for (pacing, verification delays), in ms; none is waited. */
  sleeps: number[];
  /** Sends task.run.<task> as the scheduler would and waits for catalog to finish it. */
  runTask(task: string, trigger?: 'schedule' | 'manual' | 'api'): Promise<TaskRunRow>;
  /** Messages committed to the outbox, in commit order (independent of broker timing). */
  outbox<K extends MessageName>(name: K, sinceId?: bigint): Promise<MessagePayload<K>[]>;
  outboxMark(): Promise<bigint>;
  drained(): Promise<void>;
  close(): Promise<void>;
}

export interface TaskRunRow {
  status: string;
  summary: Record<string, unknown>;
  itemsProcessed: number | null;
  error: string | null;
}

export interface WorldOptions {
  sim?: Partial<SimulatorOptions>;
  /** The rename of moves (a test makes it fail as across filesystems). */
  rename?: Rename;
  /** Caps on upstream answers (tests choose small ones to stay quick). */
  limits?: Partial<UpstreamLimits>;
}

export function useWorld(options: WorldOptions = {}): World {
  const world = {} as World;
  beforeAll(async () => {
    Object.assign(world, await startWorld(options));
  });
  afterAll(() => world.close());
  return world;
}

let runIds = 0;

export async function startWorld(options: WorldOptions = {}): Promise<World> {
  const env = await createTestEnv();
  const sim = await startSimulator({
    movies: 20,
    series: 3,
    seasonsPerSeries: 2,
    episodesPerSeason: 3,
    ...options.sim,
  });
  const clock = new TestClock();
  const instant = () => Promise.resolve();
  const sleeps: number[] = [];
  const service = await startCatalog(
    {
      runtime: env.runtimeConfig(),
      encryptionKeys: TEST_ENCRYPTION_KEYS,
      timings: { ...DEFAULT_TIMINGS, verifyDelaysMs: [0, 0, 0] },
      upstreamLimits: { ...DEFAULT_LIMITS, ...options.limits },
    },
    {
      clock: clock.now,
      sleep: (ms) => {
        sleeps.push(ms);
        return Promise.resolve();
      },
      clientDefaults: { sleep: instant },
      rename: options.rename,
    },
  );
  await seedSettings(service);
  const broker = await brokerFor(env.namespace);
  const api = apiClient(service.url);
  // As seeded: no test reaches for the official IMDb dataset unless it says so.
  let settings: Partial<GeneralSettings> = { imdb_ratings_enabled: false };
  let settingsVersion = 1;
  const world: World = {
    env,
    sim,
    service,
    clock,
    api,
    broker,
    sleeps,
    changeSettings: async (changes) => {
      settings = { ...settings, ...changes };
      await changeSettings(service, ++settingsVersion, settings);
    },
    configure: async (systems = ['radarr', 'sonarr', 'seerr']) => {
      const ids: Record<string, number> = {};
      for (const system of ['jellyfin', ...systems] as const) {
        const response = await api<{ id: number }>('POST', '/api/settings/save/service', {
          principal: ADMIN,
          body: {
            service_type: system,
            name: `Simulated ${system}`,
            base_url: sim.urls[system],
            api_key: sim.apiKeys[system],
            enabled: true,
            is_main: system === 'jellyfin' ? true : undefined,
          },
        });
        if (response.status !== 201) throw new Error(`saving ${system}: ${response.text}`);
        ids[system] = response.body.id;
      }
      return ids;
    },
    runTask: async (task, trigger = 'manual') => {
      const runId = ++runIds + Math.floor(Math.random() * 1e6) * 1000;
      await broker.send(`task.run.${task}` as 'task.run.sync_media', {
        run_id: runId,
        task_id: task,
        trigger,
        requested_by: null,
      });
      const row = await waitFor(
        async () => {
          const found = await service.db.taskRun.findUnique({ where: { runId: BigInt(runId) } });
          return found && (found.status === 'completed' || found.status === 'error')
            ? found
            : undefined;
        },
        { timeoutMs: 60_000, what: `task ${task} to finish` },
      );
      return {
        status: row.status,
        summary: row.summary as Record<string, unknown>,
        itemsProcessed: row.itemsProcessed,
        error: row.error,
      };
    },
    outbox: async (name, sinceId = 0n) => {
      const rows = await service.db.outboxMessage.findMany({
        where: { routingKey: name, id: { gt: sinceId } },
        orderBy: { id: 'asc' },
      });
      return rows.map((row) => row.payload as never);
    },
    outboxMark: async () => {
      const last = await service.db.outboxMessage.findFirst({ orderBy: { id: 'desc' } });
      return last?.id ?? 0n;
    },
    drained: async () => {
      await waitFor(
        async () => (await service.db.outboxMessage.count({ where: { publishedAt: null } })) === 0,
        { what: 'the outbox to drain', timeoutMs: 20_000 },
      );
    },
    close: async () => {
      await broker.close();
      await service.stop();
      await sim.close();
      await env.cleanup();
    },
  };
  return world;
}
