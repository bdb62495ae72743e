import { Pool } from 'pg';
import { createTestEnv, type MessageRecorder, recordMessages, waitFor } from '@mcs/kit/testing';
import type { GatewayService } from '../../services/gateway/src/server';
import {
  GatewayWorld,
  type Reply,
  type Session,
} from '../../services/gateway/test/support/gateway';
import { startCleanup, type CleanupService } from '../../services/cleanup/src/server';
import type { ActionResponse } from '../../services/cleanup/test/support/api';
import type { EventRecord } from '../../services/cleanup/test/support/events';
import { expectFeedItem, expectNothingHidden } from './cleanup-e2e-checks';

/**
 * One test file's stack for the cleanup end-to-end tests (issues 3 and 5): the real cleanup
 * service behind real gateway replicas on one test database, an administrator session, an API
 * token with both manage scopes, and the kit's recorder of what the broker delivers. Every
 * response is validated against the OpenAPI documents and every /api/v1 body is scanned for
 * data that must never appear (EA#20, EA#50).
 */
export { DAY } from '@mcs/kit/testing';
export const iso = (ms: number) => new Date(ms).toISOString();

export interface ApiToken {
  token: string;
  id: number;
  /** What the gateway forwards as the principal's name (stored as a protection's creator). */
  name: string;
}

export interface CallOptions {
  token?: ApiToken;
  session?: Session;
  body?: unknown;
  key?: string;
  /** Which gateway replica is called: the first unless told. */
  replica?: number;
}

/** Which committed events a check is about. */
export type EventFilter = { candidate: number } | { protection: number };

export interface Stack {
  cleanup: CleanupService;
  /** cleanup's database, for the factories. */
  db: CleanupService['db'];
  /** The gateway replicas (all on cleanup) and the test env they own. */
  gateway: GatewayWorld;
  admin: Session;
  /** A token with `candidates:manage` and `protections:manage`. */
  manage: ApiToken;
  pool: Pool;
  /** `candidate.*` and `protection.*` as the broker delivered them. */
  broker: MessageRecorder<EventRecord>;
  call(method: string, path: string, options?: CallOptions): Promise<Reply>;
  /** A candidate action with the manage token. */
  act(
    id: number,
    action: string,
    body?: unknown,
    key?: string,
  ): Promise<{ status: number; body: ActionResponse & { code?: string } }>;
  /** A new API token with exactly these scopes, created by the administrator. */
  token(scopes: string[]): Promise<ApiToken>;
  /** Stops every gateway replica and starts one anew: only what is stored survives. */
  restartGateway(): Promise<GatewayService>;
  /** Events committed in cleanup's outbox (rows are kept after publishing), in commit order. */
  recorded(filter: EventFilter): Promise<EventRecord[]>;
  /**
   * Waits until everything committed is published, then checks that the broker delivered each
   * committed event of `filter` exactly once, in commit order, as a valid feed item, and
   * nothing else for it. Returns the delivered records.
   */
  published(filter: EventFilter): Promise<EventRecord[]>;
  /** The types of `published(filter)`, in order. */
  types(filter: EventFilter): Promise<string[]>;
}

const matches =
  (filter: EventFilter) =>
  ({ payload: record }: { payload: EventRecord }) =>
    'candidate' in filter
      ? record.candidate_id === filter.candidate
      : record.payload.protection?.id === filter.protection;

/** The file's stack, filled in by beforeAll: read its properties inside tests and hooks only. */
export function useStack(): Stack {
  const stack = {} as Stack;
  beforeAll(async () => {
    Object.assign(stack, await startStack());
  });
  afterAll(async () => {
    await stack.broker.close();
    await stack.cleanup.stop();
    await stack.pool.end();
    await stack.gateway.stop();
  });
  return stack;
}

async function startStack(): Promise<Stack> {
  const env = await createTestEnv();
  const pool = new Pool({ connectionString: env.databaseUrl });
  const cleanup = await startCleanup({ runtime: env.runtimeConfig() });
  const broker = await recordMessages<EventRecord>(env.namespace, ['candidate.*', 'protection.*']);
  const gateway = await GatewayWorld.start({}, { cleanup: cleanup.url }, env);
  const admin = await gateway.setup();
  const token = async (scopes: string[]) => ({
    ...(await gateway.token(admin, scopes, { name: 'e2e' })),
    name: 'e2e',
  });

  const call = async (method: string, path: string, options: CallOptions = {}) => {
    const { token: bearer, key, ...rest } = options;
    const reply = await gateway.request(method, path, {
      ...rest,
      token: bearer?.token,
      headers: key ? { 'idempotency-key': key } : {},
    });
    if (path.startsWith('/api/v1')) expectNothingHidden(reply.body, `${method} ${path}`);
    return reply;
  };
  const manage = await token(['candidates:manage', 'protections:manage']);

  const recorded = async (filter: EventFilter) => {
    const { rows } = await pool.query<{ payload: EventRecord }>(
      'candidate' in filter
        ? `SELECT payload FROM cleanup.outbox WHERE (payload->>'candidate_id')::bigint = $1 ORDER BY id`
        : `SELECT payload FROM cleanup.outbox
            WHERE (payload->'payload'->'protection'->>'id')::bigint = $1 ORDER BY id`,
      ['candidate' in filter ? filter.candidate : filter.protection],
    );
    return rows.map((row) => row.payload);
  };

  const published = async (filter: EventFilter) => {
    await waitFor(
      async () => {
        // Only speeds the relay up (it polls every 500 ms when its own wake-up came too early).
        cleanup.runtime.relay.kick();
        const { rows } = await pool.query(
          'SELECT 1 FROM cleanup.outbox WHERE published_at IS NULL LIMIT 1',
        );
        return rows.length === 0;
      },
      { what: "cleanup's outbox to drain" },
    );
    const committed = await recorded(filter);
    const delivered = await waitFor(
      () => {
        const mine = broker.messages.filter(matches(filter));
        return mine.length >= committed.length && mine;
      },
      { what: `${committed.length} deliveries for ${JSON.stringify(filter)}` },
    );
    expect(delivered.map((d) => d.messageId)).toEqual(committed.map((event) => event.id));
    for (const [i, delivery] of delivered.entries()) {
      expect(delivery.payload).toEqual(committed[i]);
      await expectFeedItem(delivery);
    }
    return delivered.map((d) => d.payload);
  };

  return {
    cleanup,
    db: cleanup.db,
    gateway,
    admin,
    manage,
    pool,
    broker,
    call,
    act: async (id, action, body, key) => {
      const reply = await call('POST', `/api/v1/candidates/${id}/${action}`, {
        token: manage,
        body,
        key,
      });
      return { status: reply.status, body: reply.body as unknown as ActionResponse };
    },
    token,
    restartGateway: async () => {
      for (const replica of gateway.replicas) await replica.stop();
      gateway.replicas.length = 0;
      return gateway.addReplica();
    },
    recorded,
    published,
    types: async (filter) => (await published(filter)).map((event) => event.type),
  };
}
