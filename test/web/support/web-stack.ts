import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ExternalApi } from '@mcs/contracts';
import { TEST_ENCRYPTION_KEYS, waitFor } from '@mcs/kit/testing';
import { startCleanup, type CleanupService } from '../../../services/cleanup/src/server';
import { startWorld, type World } from '../../../services/catalog/test/support/world';
import {
  GatewayWorld,
  type Reply,
  type Session,
} from '../../../services/gateway/test/support/gateway';
import { startScheduler, type SchedulerService } from '../../../services/scheduler/src/server';
import { startWebhooks, type WebhooksService } from '../../../services/webhooks/src/server';
import { startReceiver, type Receiver } from '../../../services/webhooks/test/delivery/receiver';

type Schemas = ExternalApi.components['schemas'];

/** The built UI the gateway serves (`pnpm --filter @mcs/web build`). */
export const WEB_DIST = join(__dirname, '..', '..', '..', 'packages', 'web', 'dist');
export const ADMIN_USERNAME = 'admin';
export const ADMIN_PASSWORD = 'correct horse battery';

/**
 * An empty install, as after `docker compose up`: catalog (on the library simulator, which
 * stands in for Jellyfin, Radarr, Sonarr and Seerr), cleanup, the scheduler and webhooks behind
 * a real gateway that serves the built UI. No administrator and no service is configured: the
 * journey does that through the UI. `receiver` is a local webhook receiver answering 204.
 */
export interface WebStack {
  catalog: World;
  cleanup: CleanupService;
  scheduler: SchedulerService;
  webhooks: WebhooksService;
  gateway: GatewayWorld;
  receiver: Receiver;
  /** Where the browser opens the UI. */
  origin: string;
  /** An internal API call with a session, or an external one with a bearer token. */
  request(
    method: string,
    path: string,
    auth: { session: Session } | { token: string },
    body?: unknown,
  ): Promise<Reply>;
  /** Triggers a task with a token holding tasks:run and waits for the run to complete. */
  runTask(token: string, taskId: string): Promise<void>;
  /** Changes general settings and waits until every follower holds them. */
  changeSettings(admin: Session, changes: Record<string, unknown>): Promise<void>;
  stop(): Promise<void>;
}

export async function startWebStack(): Promise<WebStack> {
  if (!existsSync(join(WEB_DIST, 'index.html')))
    throw new Error(
      `${WEB_DIST} has no index.html: build the UI first (pnpm --filter @mcs/web build)`,
    );
  const stack = {} as WebStack;
  stack.catalog = await startWorld({
    sim: { movies: 8, series: 2, seasonsPerSeries: 2, episodesPerSeason: 3 },
  });
  const runtime = stack.catalog.env.runtimeConfig();
  stack.cleanup = await startCleanup({ runtime });
  stack.scheduler = await startScheduler({
    runtime,
    encryptionKeys: TEST_ENCRYPTION_KEYS,
    catalogUrl: stack.catalog.service.url,
  });
  stack.webhooks = await startWebhooks({
    runtime,
    encryptionKeys: TEST_ENCRYPTION_KEYS,
    catalogUrl: stack.catalog.service.url,
    notifications: { timeoutMs: 4000, retryBaseMs: 1000 },
  });
  // The gateway serves the built UI itself (webDistDir), with its CSP.
  stack.gateway = await GatewayWorld.start(
    { webDistDir: WEB_DIST },
    {
      catalog: stack.catalog.service.url,
      cleanup: stack.cleanup.url,
      scheduler: stack.scheduler.url,
      webhooks: stack.webhooks.url,
    },
    stack.catalog.env,
  );
  stack.receiver = await startReceiver((_, response) => response.writeHead(204).end());
  stack.origin = stack.gateway.url;

  stack.request = (method, path, auth, body) =>
    stack.gateway.request(method, path, { ...auth, body });
  stack.runTask = async (token, taskId) => {
    // 409 main_server_required until the scheduler has heard of catalog's main server.
    const trigger = await waitFor(
      async () => {
        const reply = await stack.request('POST', `/api/v1/tasks/${taskId}/run`, { token }, {});
        return reply.status === 202 ? (reply.body as Schemas['TaskRunTriggerResponse']) : undefined;
      },
      { what: `the scheduler to accept ${taskId}` },
    );
    await waitFor(
      async () => {
        const reply = await stack.request('GET', `/api/v1/tasks/${taskId}/runs`, { token });
        const run = (reply.body as Schemas['TaskRunPage']).items.find(
          (item) => item.id === trigger.run_id,
        );
        if (run?.status === 'error') throw new Error(`${taskId} failed: ${run.error}`);
        return run?.status === 'completed';
      },
      { timeoutMs: 60_000, what: `${taskId} to complete` },
    );
  };
  stack.changeSettings = async (admin, changes) => {
    const reply = await stack.request('PUT', '/api/settings/general', { session: admin }, changes);
    if (reply.status !== 200) throw new Error(`settings: ${reply.status}`);
    await settingsReachedFollowers(stack);
  };
  stack.stop = async () => {
    await stack.receiver.close();
    await stack.scheduler.stop();
    await stack.cleanup.stop();
    await stack.webhooks.stop();
    await stack.gateway.stop();
    await stack.catalog.close();
  };
  return stack;
}

/** Waits until catalog, cleanup and webhooks hold the scheduler's settings version. */
export async function settingsReachedFollowers(stack: WebStack): Promise<void> {
  const owner = await stack.scheduler.db.generalSettingsRecord.findUnique({ where: { id: 1 } });
  const version = Number(owner?.version ?? 0);
  const held = async (schema: string) => {
    const rows = await stack.scheduler.db.$queryRawUnsafe<{ version: number }[]>(
      `SELECT version::int AS version FROM ${schema}.settings_projection`,
    );
    return rows[0]?.version ?? 0;
  };
  await waitFor(
    async () => {
      for (const schema of ['catalog', 'cleanup', 'webhooks'])
        if ((await held(schema)) < version) return false;
      return true;
    },
    { what: `settings version ${version} in catalog, cleanup and webhooks` },
  );
}
