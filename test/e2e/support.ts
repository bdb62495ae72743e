// What the end-to-end files share (issue 31, item 2): the five services as real processes and
// the library simulator, set up as `pnpm demo` sets them up (scripts/demo.js), on the file's own
// database; a typed client (openapi-fetch over the types generated from the external document)
// as an integrator drives it; and the internal calls the UI makes where the external API has no
// operation (settings, rules, alerts, jobs). Every answer is validated against the document the
// gateway serves.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import createClient, { type Client } from 'openapi-fetch';
import type { ExternalApi } from '@mcs/contracts';
import { createTestEnv, freePort, type TestEnv, waitFor } from '@mcs/kit/testing';
import type { MovieView, Simulator } from '../../infra/simulator/src';
import { Contract } from '../../services/gateway/src/http/contract';

export type Schemas = ExternalApi.components['schemas'];
export type Api = Client<ExternalApi.paths>;
export type TaskId = 'sync_media' | 'scan_cleanup_candidates' | 'delete_cleanup_candidates';

export interface Demo {
  gateway: string;
  token: string;
  admin: { cookie: string; csrf: string };
  sim: Simulator;
  receiver: {
    seen: { verified: number; rejected: number; deliveries: { id: string; body: unknown }[] };
  };
  candidates: number;
  stop(): Promise<number | null>;
}

interface DemoHandle {
  stop?: () => Promise<number | null>;
}

/** Filled in before the file's first test. */
export interface World {
  demo: Demo;
  /** The external API, with the demo's token (every scope). */
  api: Api;
  /** Answers that do not match the served documents, by request. */
  mismatches: string[];
  /** The served internal + external document, for the internal calls' answers. */
  combined: Contract;
}

const SERVICES = ['gateway', 'catalog', 'cleanup', 'scheduler', 'webhooks'];

/** Starts the demo for this file (stopped after its last test) and checks every answer. */
export function useDemo(): World {
  const world = { mismatches: [] as string[] } as World;
  const handle: DemoHandle = {};
  let env: TestEnv | undefined;

  beforeAll(async () => {
    env = await createTestEnv();
    Object.assign(process.env, {
      // The demo's own variables: it drops that database and that prefix's keys first.
      MCS_DEMO_DATABASE_URL: env.databaseUrl,
      MCS_DEMO_NAMESPACE: env.namespace,
      MCS_DEMO_DATA_DIR: mkdtempSync(join(tmpdir(), 'mcs-e2e-')),
      REDIS_URL: env.runtimeConfig().redis.url,
      AMQP_URL: env.runtimeConfig().broker.url,
      MCS_GATEWAY_METRICS_PORT: String(await freePort()),
      LOG_LEVEL: 'warn',
    });
    for (const service of SERVICES)
      process.env[`MCS_${service.toUpperCase()}_PORT`] = String(await freePort());
    // Read after the environment is set: the demo takes its ports and names from it.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { startDemo } = require('../../scripts/demo') as {
      startDemo: (handle: DemoHandle) => Promise<Demo>;
    };
    world.demo = await startDemo(handle);

    // The client is typed by the document's generated types; journeys.test.ts proves the
    // gateway serves that same document, and every answer is checked against what it serves.
    const served = async (path: string) =>
      Contract.load(
        (await (await fetch(`${world.demo.gateway}${path}`)).json()) as Record<string, unknown>,
      );
    const external = await served('/api/v1/openapi.json');
    world.combined = await served('/openapi.json');
    world.api = createClient<ExternalApi.paths>({
      baseUrl: world.demo.gateway,
      headers: { authorization: `Bearer ${world.demo.token}` },
    });
    world.api.use({
      async onResponse({ request, response }) {
        await validate(world, external, request.method, request.url, response);
        return undefined;
      },
    });
  }, 180_000);

  afterAll(async () => {
    // The handle's stop: set as soon as anything ran, even when start-up failed or timed out.
    expect(await handle.stop?.()).toBe(0);
    await env?.cleanup();
  });

  afterEach(() => {
    // Taken out, so one test's mismatch is reported by that test only.
    expect(world.mismatches.splice(0)).toEqual([]);
  });

  return world;
}

/** Records an answer that does not match the operation of the served document it belongs to. */
async function validate(
  world: World,
  contract: Contract,
  method: string,
  url: string,
  response: Response,
): Promise<void> {
  const path = new URL(url).pathname;
  const match = contract.match(method, path);
  const text = await response.clone().text();
  if (match.kind !== 'operation') world.mismatches.push(`${method} ${path}: no operation`);
  else if (text) {
    const result = contract.backend.validator.validateResponse(
      JSON.parse(text),
      match.operation,
      response.status,
    );
    if (result.errors?.length)
      world.mismatches.push(
        `${method} ${path} ${response.status}: ${JSON.stringify(result.errors[0])}`,
      );
  }
}

/** A call to the internal API as the administrator's UI session makes it. */
export async function internal<T = unknown>(
  world: World,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const url = `${world.demo.gateway}${path}`;
  const response = await fetch(url, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      cookie: world.demo.admin.cookie,
      'x-csrf-token': world.demo.admin.csrf,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await validate(world, world.combined, method, url, response);
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** Every event of the feed from the start, following next_cursor. */
export async function feed(api: Api): Promise<Schemas['Event'][]> {
  const events: Schemas['Event'][] = [];
  let cursor: string | undefined;
  for (;;) {
    const { data } = await api.GET('/api/v1/events', {
      params: { query: { limit: 500, ...(cursor ? { cursor } : {}) } },
    });
    if (!data) throw new Error('the feed did not answer');
    events.push(...data.items);
    if (!data.has_more || !data.next_cursor) return events;
    cursor = data.next_cursor;
  }
}

/**
 * Waits for one `type` event per candidate in the feed and for each to reach the receiver,
 * signature verified; answers those events.
 */
export async function fedAndDelivered(
  world: World,
  type: Schemas['EventType'],
  candidateIds: number[],
): Promise<Schemas['Event'][]> {
  const events = await waitFor(
    async () => {
      const found = (await feed(world.api)).filter(
        (e) => e.type === type && candidateIds.includes(e.candidate_id as number),
      );
      return found.length >= candidateIds.length ? found : undefined;
    },
    { timeoutMs: 60_000, what: `${type} of ${candidateIds.join(', ')} in the feed` },
  );
  const { deliveries } = world.demo.receiver.seen;
  await waitFor(() => events.every((e) => deliveries.some((x) => x.id === e.id)), {
    timeoutMs: 60_000,
    what: `verified deliveries of ${type}`,
  });
  return events;
}

/** Runs a task (an active run of it is waited for and asked again) and answers its ended run. */
export async function runTask(api: Api, task: TaskId): Promise<Schemas['TaskRun']> {
  const runId = await waitFor(
    async () => {
      const trigger = await api.POST('/api/v1/tasks/{task_id}/run', {
        params: { path: { task_id: task } },
        body: {},
      });
      // 200: a run of it is still active (its id is answered): this one must be new.
      return trigger.response.status === 202 ? trigger.data?.run_id : undefined;
    },
    { timeoutMs: 60_000, what: `${task} to be accepted` },
  );
  return endedRun(api, task, runId as number);
}

/** Waits for a run of a task to end (`completed` or `error`). */
export function endedRun(api: Api, task: TaskId, runId: number): Promise<Schemas['TaskRun']> {
  return waitFor(
    async () => {
      const { data } = await api.GET('/api/v1/tasks/{task_id}/runs', {
        params: { path: { task_id: task } },
      });
      const run = data?.items.find((r) => r.id === runId);
      return run?.status === 'completed' || run?.status === 'error' ? run : undefined;
    },
    { timeoutMs: 90_000, what: `${task} run ${runId} to end` },
  );
}

/** Deleting is off until an administrator turns it on (domain.md): on, run by hand only. */
export async function enableDeleting(world: World): Promise<void> {
  const body = { schedule_type: 'manual', schedule_value: '', enabled: true };
  const reply = await internal(
    world,
    'PUT',
    '/api/tasks/tasks/delete_cleanup_candidates/schedule',
    body,
  );
  expect(reply.status).toBe(200);
}

/**
 * Live movies no rule has picked, each held by Radarr and the server with one file, with the
 * simulator's view of it: one candidate of a one-title rule is then the whole movie.
 */
export async function untouchedMovies(
  world: World,
  count: number,
  order: 'asc' | 'desc',
): Promise<{ media: Schemas['Media']; sim: MovieView }[]> {
  const { sim } = world.demo;
  const byTmdbId = new Map<number, MovieView>();
  for (let index = 0; index < sim.library.counts().movies; index += 1) {
    const movie = sim.library.movie(index);
    byTmdbId.set(movie.tmdbId, movie);
  }
  const { data } = await world.api.GET('/api/v1/movies', {
    params: { query: { per_page: 200, sort_by: 'title', sort_order: order } },
  });
  const picked = (data?.items ?? [])
    .filter((media) => media.candidate_ids.length === 0)
    .map((media) => ({ media, sim: byTmdbId.get(media.tmdb_id) as MovieView }))
    .filter(({ sim: movie }) => movie?.inRadarr && movie.onServer && movie.paths.length === 1)
    .slice(0, count);
  expect(picked).toHaveLength(count);
  return picked;
}
