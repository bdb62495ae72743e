import { createServer as createHttpServer, type RequestListener } from 'node:http';
import {
  CLOSED_PORT,
  createTestEnv,
  TEST_ENCRYPTION_KEYS,
  TEST_KEY_ENV,
  type TestEnv,
} from '@mcs/kit/testing';
import { gatewayDefaults, type GatewayConfig, type ServiceName } from '../../src/config';
import { startGateway, type GatewayService } from '../../src/server';
import { expectMatchesContract } from './contract';

/** What the gateway's environment needs at least: the test signing keys and ENCRYPTION_KEYS. */
export const GATEWAY_ENV: Readonly<Record<string, string>> = {
  ...TEST_KEY_ENV,
  ENCRYPTION_KEYS: TEST_ENCRYPTION_KEYS.join(','),
};

export interface Reply {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
}

export interface Session {
  cookie: string;
  csrf: string;
  userId: number;
}

/** A stand-in for one of our services on a free local port, answering with `handler`. */
export async function standInService(
  handler: RequestListener,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createHttpServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A gateway on its own test database. Internal services are unreachable unless a test passes
 * their URLs. Every response is checked against the OpenAPI documents. A test that starts a
 * service on the same database first passes its env; the world cleans it up on stop either way.
 */
export class GatewayWorld {
  readonly replicas: GatewayService[] = [];
  /** Each replica's log lines, parsed, when the world was started with a log level. */
  readonly logs: Record<string, unknown>[][] = [];

  private constructor(
    readonly env: TestEnv,
    readonly config: GatewayConfig,
    private readonly captureLogs: boolean,
  ) {}

  static async start(
    overrides: Partial<GatewayConfig> = {},
    services: Partial<Record<ServiceName, string>> = {},
    given?: TestEnv,
    /** Collect the replicas' log lines at this level into `logs` (instead of stdout). */
    logLevel?: string,
  ): Promise<GatewayWorld> {
    const env = given ?? (await createTestEnv());
    const down = `http://127.0.0.1:${CLOSED_PORT}`;
    const runtime = env.runtimeConfig({
      // As deployed: /metrics on a port of its own (METRICS_PORT), here a free one.
      metricsPort: 0,
      ...(logLevel ? { log: { level: logLevel } } : {}),
    });
    const config: GatewayConfig = {
      ...gatewayDefaults(
        runtime,
        {
          catalog: down,
          cleanup: down,
          scheduler: down,
          webhooks: down,
          ...services,
        },
        TEST_ENCRYPTION_KEYS,
      ),
      ...overrides,
    };
    const world = new GatewayWorld(env, config, logLevel !== undefined);
    await world.addReplica();
    return world;
  }

  /** Another gateway process sharing the database, Redis and broker (a second replica). */
  async addReplica(overrides: Partial<GatewayConfig> = {}): Promise<GatewayService> {
    const lines: Record<string, unknown>[] = [];
    this.logs.push(lines);
    const logDestination = {
      write: (line: string) => {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      },
    };
    const replica = await startGateway(
      { ...this.config, ...overrides },
      this.captureLogs ? { logDestination } : {},
    );
    this.replicas.push(replica);
    return replica;
  }

  get url(): string {
    return (this.replicas[0] as GatewayService).url;
  }

  get db() {
    return (this.replicas[0] as GatewayService).db;
  }

  async request(
    method: string,
    path: string,
    options: {
      token?: string;
      session?: Session;
      body?: unknown;
      headers?: Record<string, string>;
      replica?: number;
      raw?: string;
    } = {},
  ): Promise<Reply> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.session) {
      headers.cookie = `mcs_session=${options.session.cookie}`;
      headers['x-csrf-token'] ??= options.session.csrf;
    }
    let body: string | undefined = options.raw;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const base = (this.replicas[options.replica ?? 0] as GatewayService).url;
    // An API client sees the redirect itself (the OIDC routes answer 302), not the page after it.
    const response = await fetch(`${base}${path}`, { method, headers, body, redirect: 'manual' });
    const text = await response.text();
    const parsed =
      text && (response.headers.get('content-type') ?? '').includes('json')
        ? (JSON.parse(text) as Record<string, unknown>)
        : {};
    await expectMatchesContract(method, path, response.status, text ? parsed : undefined);
    return { status: response.status, headers: response.headers, body: parsed };
  }

  /** Completes setup; returns the first administrator's session. */
  async setup(username = 'admin', password = 'correct horse battery'): Promise<Session> {
    const reply = await this.request('POST', '/api/setup', { body: { username, password } });
    if (reply.status !== 201)
      throw new Error(`setup failed: ${reply.status} ${JSON.stringify(reply.body)}`);
    return sessionOf(reply);
  }

  async login(username: string, password: string): Promise<Session> {
    const reply = await this.request('POST', '/api/auth/login', { body: { username, password } });
    if (reply.status !== 200) throw new Error(`login failed: ${reply.status}`);
    return sessionOf(reply);
  }

  /** Creates a user (not an administrator) through the admin route; returns their session. */
  async userSession(admin: Session, username: string): Promise<Session> {
    const password = 'correct horse battery';
    const reply = await this.request('POST', '/api/users', {
      session: admin,
      body: { username, password, role: 'user' },
    });
    if (reply.status !== 201)
      throw new Error(`user creation failed: ${reply.status} ${JSON.stringify(reply.body)}`);
    return this.login(username, password);
  }

  /** Creates an API token with exactly these scopes through the admin route. */
  async token(
    admin: Session,
    scopes: string[],
    extra: Record<string, unknown> = {},
  ): Promise<{ id: number; token: string }> {
    const reply = await this.request('POST', '/api/settings/integrations/api-tokens', {
      session: admin,
      body: { name: `token ${scopes.join(' ')}`, scopes, ...extra },
    });
    if (reply.status !== 201)
      throw new Error(`token creation failed: ${reply.status} ${JSON.stringify(reply.body)}`);
    return { id: reply.body.id as number, token: reply.body.token as string };
  }

  async stop(): Promise<void> {
    for (const replica of this.replicas) await replica.stop();
    await this.env.cleanup();
  }
}

export function sessionOf(reply: Reply): Session {
  const cookie = /mcs_session=([^;]*)/.exec(reply.headers.get('set-cookie') ?? '')?.[1];
  if (!cookie) throw new Error('no session cookie');
  return {
    cookie,
    csrf: reply.body.csrf_token as string,
    userId: (reply.body.user as { id: number }).id,
  };
}

/** The problem+json invariants every error response must hold (EA#13). */
export function expectProblem(reply: Reply, status: number, code: string): void {
  expect(reply.status).toBe(status);
  expect(reply.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(reply.body).toMatchObject({ type: `urn:mcs:problem:${code}`, status, code });
  expect(typeof reply.body.title).toBe('string');
  expect(String(reply.body.detail).length).toBeGreaterThan(0);
  expect(reply.body.request_id).toBe(reply.headers.get('x-request-id'));
}
