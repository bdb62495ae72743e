import { Pool } from 'pg';
import { createTestEnv, waitFor, type TestEnv } from '@mcs/kit/testing';
import { gatewayDefaults } from '../../services/gateway/src/config';
import { startGateway, type GatewayService } from '../../services/gateway/src/server';
import { expectMatchesContract } from '../../services/gateway/test/support/contract';
import {
  closedPort,
  sessionOf,
  type Reply,
  type Session,
} from '../../services/gateway/test/support/gateway';
import { startCleanup, type CleanupService } from '../../services/cleanup/src/server';
import {
  expectFeedItem,
  recordEvents,
  type Delivery,
  type EventRecord,
  type EventRecorder,
} from './cleanup-e2e-broker';

/**
 * One test file's stack for the cleanup end-to-end tests (issue 5): the real cleanup service
 * and the real gateway on one test database, an administrator session, an API token with both
 * manage scopes, and a queue of our own on the events exchange. Set up as in
 * test/gateway-cleanup.test.ts; every response is validated against the OpenAPI documents and
 * every /api/v1 body is scanned for data that must never appear (EA#20, EA#50).
 */
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
}

/** Which committed events a check is about. */
export type EventFilter = { candidate: number } | { protection: number };

export interface Stack {
  env: TestEnv;
  cleanup: CleanupService;
  gateway: GatewayService;
  admin: Session;
  /** A token with `candidates:manage` and `protections:manage`. */
  manage: ApiToken;
  pool: Pool;
  broker: EventRecorder;
  call(method: string, path: string, options?: CallOptions): Promise<Reply>;
  /** Events committed in cleanup's outbox (rows are kept after publishing), in commit order. */
  recorded(filter: EventFilter): Promise<EventRecord[]>;
  /**
   * Waits until everything committed is published, then checks that the broker delivered each
   * committed event of `filter` exactly once, in commit order, as a valid feed item, and
   * nothing else for it. Returns the delivered records.
   */
  published(filter: EventFilter): Promise<EventRecord[]>;
}

/** Strings that would be a file name or a filesystem path (the factories' files are .mkv). */
const LEAK = /\.mkv\b|(^|[\s"'=])\/(?!api\/)[\w.-]+\/|\\|\/media\/|\/data\/|\/mnt\//;

/** Fails on a `catalog_id` field or a path-like string anywhere in a body (recursively). */
export function expectNothingHidden(value: unknown, where = 'body'): void {
  if (typeof value === 'string') {
    if (LEAK.test(value)) throw new Error(`${where} looks like a file path: ${value}`);
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => expectNothingHidden(item, `${where}[${i}]`));
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === 'catalog_id') throw new Error(`${where} carries catalog_id`);
      expectNothingHidden(item, `${where}.${key}`);
    }
  }
}

const matches =
  (filter: EventFilter) =>
  ({ payload: record }: Delivery) =>
    'candidate' in filter
      ? record.candidate_id === filter.candidate
      : record.payload.protection?.id === filter.protection;

export function useStack(): Stack {
  const stack = {} as Stack;
  beforeAll(async () => {
    Object.assign(stack, await startStack());
  });
  afterAll(async () => {
    await stack.broker.close();
    await stack.gateway.stop();
    await stack.cleanup.stop();
    await stack.pool.end();
    await stack.env.cleanup();
  });
  return stack;
}

async function startStack(): Promise<Stack> {
  const env = await createTestEnv();
  const pool = new Pool({ connectionString: env.databaseUrl });
  const cleanup = await startCleanup({ runtime: env.runtimeConfig() });
  const broker = await recordEvents(env.namespace);
  const down = `http://127.0.0.1:${await closedPort()}`;
  const gateway = await startGateway(
    gatewayDefaults(env.runtimeConfig(), {
      catalog: down,
      cleanup: cleanup.url,
      scheduler: down,
      webhooks: down,
    }),
  );

  const call = async (method: string, path: string, options: CallOptions = {}) => {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token.token}`;
    if (options.session)
      Object.assign(headers, {
        cookie: `mcs_session=${options.session.cookie}`,
        'x-csrf-token': options.session.csrf,
      });
    if (options.key) headers['idempotency-key'] = options.key;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${gateway.url}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    await expectMatchesContract(method, path, response.status, text ? body : undefined);
    if (path.startsWith('/api/v1')) expectNothingHidden(body, `${method} ${path}`);
    return { status: response.status, headers: response.headers, body };
  };

  const setup = await call('POST', '/api/setup', {
    body: { username: 'admin', password: 'correct horse battery' },
  });
  const admin = sessionOf(setup);
  const created = await call('POST', '/api/settings/integrations/api-tokens', {
    session: admin,
    body: { name: 'e2e', scopes: ['candidates:manage', 'protections:manage'] },
  });
  const manage = {
    token: created.body.token as string,
    id: created.body.id as number,
    name: created.body.name as string,
  };

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
        const mine = broker.events().filter(matches(filter));
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

  return { env, cleanup, gateway, admin, manage, pool, broker, call, recorded, published };
}
