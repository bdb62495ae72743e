import type { ExternalApi } from '@mcs/contracts';
import { TEST_ENCRYPTION_KEYS, waitFor } from '@mcs/kit/testing';
import { startCleanup, type CleanupService } from '../../services/cleanup/src/server';
import type { GatewayConfig } from '../../services/gateway/src/config';
import { startWorld, type World } from '../../services/catalog/test/support/world';
import {
  GatewayWorld,
  type Reply,
  type Session,
} from '../../services/gateway/test/support/gateway';
import { startScheduler, type SchedulerService } from '../../services/scheduler/src/server';
import { startWebhooks, type WebhooksService } from '../../services/webhooks/src/server';

type Schemas = ExternalApi.components['schemas'];

/**
 * catalog on the library simulator, cleanup and the scheduler on one test environment, behind
 * a real gateway: an administrator, two users, and a token that reads everything the external
 * API offers and runs tasks. Tasks run as in production: triggered through the scheduler,
 * executed by their owner, reported back. Read the properties inside tests and hooks only.
 */
export interface DashboardStack {
  catalog: World;
  cleanup: CleanupService;
  scheduler: SchedulerService;
  /** Started only when the stack is asked for it (notifications). */
  webhooks?: WebhooksService;
  gateway: GatewayWorld;
  admin: Session;
  alice: Session;
  bob: Session;
  /** A GET with the stack's token (external API) or a session (internal API); 200 expected. */
  get<T = Record<string, unknown>>(path: string, session?: Session): Promise<T>;
  /** A POST through the gateway, answered with `status`. */
  post(path: string, body: unknown, status: number, session?: Session): Promise<Reply>;
  /** Triggers a task through the scheduler (external API) and waits for it to complete. */
  runTask(taskId: string): Promise<Schemas['TaskRun']>;
  /** Changes the general settings and waits until catalog and cleanup hold them. */
  changeSettings(changes: Record<string, unknown>): Promise<void>;
}

export interface StackOptions {
  /** Also start webhooks, with these notification timings. */
  webhooks?: { notifications: { timeoutMs: number; retryBaseMs: number } };
  /** Gateway settings other than the defaults (e.g. the rate limit off). */
  gateway?: Partial<GatewayConfig>;
}

export function useDashboardStack(options: StackOptions = {}): DashboardStack {
  const stack = {} as DashboardStack;
  let token = '';
  beforeAll(async () => {
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
    if (options.webhooks)
      stack.webhooks = await startWebhooks({
        runtime,
        encryptionKeys: TEST_ENCRYPTION_KEYS,
        ...options.webhooks,
      });
    stack.gateway = await GatewayWorld.start(
      options.gateway ?? {},
      {
        catalog: stack.catalog.service.url,
        cleanup: stack.cleanup.url,
        scheduler: stack.scheduler.url,
        ...(stack.webhooks ? { webhooks: stack.webhooks.url } : {}),
      },
      stack.catalog.env,
    );
    stack.admin = await stack.gateway.setup();
    stack.alice = await stack.gateway.userSession(stack.admin, 'alice');
    stack.bob = await stack.gateway.userSession(stack.admin, 'bob');
    token = (
      await stack.gateway.token(stack.admin, [
        'media:read',
        'candidates:manage',
        'protections:manage',
        'system:read',
        'tasks:run',
      ])
    ).token;
  }, 60_000);
  afterAll(async () => {
    await stack.scheduler.stop();
    await stack.cleanup.stop();
    await stack.webhooks?.stop();
    await stack.gateway.stop();
    await stack.catalog.close();
  });

  stack.get = async <T>(path: string, session?: Session) => {
    const reply = await stack.gateway.request('GET', path, session ? { session } : { token });
    if (reply.status !== 200) throw new Error(`GET ${path}: ${reply.status}`);
    return reply.body as T;
  };
  stack.post = async (path, body, status, session) => {
    const reply = await stack.gateway.request(
      'POST',
      path,
      session ? { session, body } : { token, body },
    );
    if (reply.status !== status)
      throw new Error(`POST ${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
    return reply;
  };
  stack.runTask = async (taskId) => {
    // 409 main_server_required until the scheduler has heard of catalog's main server.
    const trigger = await waitFor(
      async () => {
        const reply = await stack.gateway.request('POST', `/api/v1/tasks/${taskId}/run`, {
          token,
          body: {},
        });
        return reply.status === 202 ? (reply.body as Schemas['TaskRunTriggerResponse']) : undefined;
      },
      { what: `the scheduler to accept ${taskId}` },
    );
    return waitFor(
      async () => {
        const page = await stack.get<Schemas['TaskRunPage']>(`/api/v1/tasks/${taskId}/runs`);
        const run = page.items.find((item) => item.id === trigger.run_id);
        if (run?.status === 'error') throw new Error(`${taskId} failed: ${run.error}`);
        return run?.status === 'completed' ? run : undefined;
      },
      { timeoutMs: 60_000, what: `${taskId} to complete` },
    );
  };
  stack.changeSettings = async (changes) => {
    const reply = await stack.gateway.request('PUT', '/api/settings/general', {
      session: stack.admin,
      body: changes,
    });
    if (reply.status !== 200) throw new Error(`settings: ${reply.status}`);
    const owner = await stack.scheduler.db.generalSettingsRecord.findUnique({ where: { id: 1 } });
    const version = Number(owner?.version ?? 0);
    const held = async (schema: string) => {
      const rows = await stack.scheduler.db.$queryRawUnsafe<{ version: number }[]>(
        `SELECT version::int AS version FROM ${schema}.settings_projection`,
      );
      return rows[0]?.version ?? 0;
    };
    const followers = ['catalog', 'cleanup', ...(stack.webhooks ? ['webhooks'] : [])];
    await waitFor(
      async () => {
        for (const schema of followers) if ((await held(schema)) < version) return false;
        return true;
      },
      { what: `settings version ${version} in ${followers.join(', ')}` },
    );
  };
  return stack;
}
