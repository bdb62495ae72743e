import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  expectProblem,
  GatewayWorld,
  standInService,
  type Reply,
  type Session,
} from './support/gateway';

/**
 * Idempotency-Key edges the other suites do not cover (external-api.md 1.11), observed from the
 * outside: what a client sees (status, body, Idempotent-Replayed) and what reaches the owning
 * service. A stand-in scheduler answers POST /api/v1/tasks/{id}/run and GET /api/v1/tasks with
 * whatever each test scripts, and records every request it receives.
 */

interface Seen {
  method: string;
  url: string;
  /** The Idempotency-Key as the gateway passed it on (x-mcs-idempotency-key), if any. */
  key: string | undefined;
  /** The API token the request was made with (from the signed principal). */
  tokenId: number | undefined;
  body: string;
}

interface Scripted {
  status: number;
  body: Record<string, unknown>;
  /** Hang up without answering, as a crashed service would. */
  hangUp?: boolean;
}

type Script = (seen: Seen, requestId: string) => Scripted;

let scheduler: { url: string; close: () => Promise<void> };
let world: GatewayWorld;
let admin: Session;
/** Requests that reached the scheduler stand-in, in order. */
const seen: Seen[] = [];
/** How the stand-in answers the next requests; set by each test. */
let script: Script = () => ({ status: 500, body: {} });

function problem(status: number, code: string, requestId: string, detail = 'Scripted.') {
  return {
    type: `urn:mcs:problem:${code}`,
    title: code,
    status,
    detail,
    code,
    request_id: requestId,
  };
}

function triggered(runId: number, queued = true) {
  return {
    task_id: 'sync_media',
    run_id: runId,
    job_id: runId,
    queued,
    already_active: !queued,
  };
}

/** Answers in turn; a request past the end of the list fails the test with a 500 body. */
function answers(...replies: ((requestId: string) => Scripted)[]): Script {
  let next = 0;
  return (_seen, requestId) => {
    const reply = replies[next];
    next += 1;
    return reply
      ? reply(requestId)
      : { status: 500, body: problem(500, 'internal_error', requestId) };
  };
}

const accepted = (runId: number) => (): Scripted => ({ status: 202, body: triggered(runId) });
const failing =
  (status: number, code: string) =>
  (requestId: string): Scripted => ({ status, body: problem(status, code, requestId) });

function principalId(header: string | string[] | undefined): number | undefined {
  if (typeof header !== 'string') return undefined;
  return (JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { id?: number }).id;
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const request: Seen = {
    method: req.method ?? '',
    url: req.url ?? '',
    key: req.headers['x-mcs-idempotency-key'] as string | undefined,
    tokenId: principalId(req.headers['x-mcs-principal']),
    body: Buffer.concat(chunks).toString('utf8'),
  };
  seen.push(request);
  const reply = script(request, String(req.headers['x-request-id'] ?? ''));
  if (reply.hangUp) {
    req.socket.destroy();
    return;
  }
  res.statusCode = reply.status;
  res.setHeader(
    'content-type',
    reply.status >= 400 ? 'application/problem+json' : 'application/json; charset=utf-8',
  );
  res.end(JSON.stringify(reply.body));
}

beforeAll(async () => {
  scheduler = await standInService((req, res) => {
    void handle(req, res);
  });
  world = await GatewayWorld.start({}, { scheduler: scheduler.url });
  admin = await world.setup();
});
afterAll(async () => {
  await world.stop();
  await scheduler.close();
});
beforeEach(() => {
  seen.length = 0;
});

const RUN = '/api/v1/tasks/sync_media/run';

function run(token: string, key: string | undefined, body: unknown = {}): Promise<Reply> {
  return world.request('POST', RUN, {
    token,
    body,
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });
}

function expectFresh(reply: Reply, status: number, body: unknown): void {
  expect(reply.status).toBe(status);
  expect(reply.body).toEqual(body);
  expect(reply.headers.get('idempotent-replayed')).toBeNull();
}

function expectReplay(reply: Reply, status: number, body: unknown): void {
  expect(reply.status).toBe(status);
  expect(reply.body).toEqual(body);
  expect(reply.headers.get('idempotent-replayed')).toBe('true');
}

describe('a 5xx outcome is not stored: the key is free again and a retry executes', () => {
  test.each([
    [503, 'service_unavailable'],
    [500, 'internal_error'],
  ])('the service answers %i %s, then 202 to the retry', async (status, code) => {
    const { token } = await world.token(admin, ['tasks:run']);
    const key = `retry-after-${status}`;
    script = answers(failing(status, code), accepted(11));

    const first = await run(token, key, { note: 'same' });
    expectProblem(first, status, code);
    expect(first.headers.get('idempotent-replayed')).toBeNull();

    const retry = await run(token, key, { note: 'same' });
    expectFresh(retry, 202, triggered(11));
    expect(seen.map((s) => [s.method, s.url, s.key])).toEqual([
      ['POST', RUN, key],
      ['POST', RUN, key],
    ]);

    // The successful retry is what the key is now bound to.
    expectReplay(await run(token, key, { note: 'same' }), 202, triggered(11));
    expect(seen).toHaveLength(2);
  });

  test('the service hangs up (gateway answers 503 itself), then 200 to the retry', async () => {
    const { token } = await world.token(admin, ['tasks:run']);
    script = answers(
      () => ({ status: 0, body: {}, hangUp: true }),
      () => ({ status: 200, body: triggered(12, false) }),
    );

    const first = await run(token, 'retry-after-hang-up');
    expectProblem(first, 503, 'service_unavailable');
    expect(first.headers.get('idempotent-replayed')).toBeNull();

    const retry = await run(token, 'retry-after-hang-up');
    expectFresh(retry, 200, triggered(12, false));
    expect(seen).toHaveLength(2);
    expectReplay(await run(token, 'retry-after-hang-up'), 200, triggered(12, false));
    expect(seen).toHaveLength(2);
  });

  test('after a 5xx the key is not bound to the failed body: a different body is accepted', async () => {
    const { token } = await world.token(admin, ['tasks:run']);
    script = answers(failing(503, 'service_unavailable'), accepted(13));

    expectProblem(await run(token, 'unbound', { note: 'first' }), 503, 'service_unavailable');
    expectFresh(await run(token, 'unbound', { note: 'second' }), 202, triggered(13));
    expect(seen.map((s) => JSON.parse(s.body) as unknown)).toEqual([
      { note: 'first' },
      { note: 'second' },
    ]);
  });
});

describe('a 4xx outcome of the service is stored and replayed without reaching it again', () => {
  test.each([
    [409, 'task_disabled'],
    [404, 'not_found'],
  ])('%i %s', async (status, code) => {
    const { token } = await world.token(admin, ['tasks:run']);
    const key = `stored-${status}`;
    // Were the second call to reach the service, it would be accepted.
    script = answers(failing(status, code), accepted(21));

    const first = await run(token, key);
    expectProblem(first, status, code);
    expect(first.headers.get('idempotent-replayed')).toBeNull();

    const second = await run(token, key);
    expectProblem(second, status, code);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    // Same body; only request_id names the request being answered (external-api.md 1.9).
    expect(second.body).toEqual({ ...first.body, request_id: second.headers.get('x-request-id') });
    expect(second.body.request_id).not.toBe(first.body.request_id);
    expect(seen).toHaveLength(1);
  });
});

describe('an expired record is treated as never seen', () => {
  /** Moves the stored record's lifetime 25 hours into the past (retention is 24 hours). */
  async function age(tokenId: number, key: string): Promise<void> {
    const where = { tokenId_key: { tokenId: BigInt(tokenId), key } };
    const record = await world.db.idempotencyRecord.findUniqueOrThrow({ where });
    const shift = 25 * 3_600_000;
    await world.db.idempotencyRecord.update({
      where,
      data: {
        createdAt: new Date(record.createdAt.getTime() - shift),
        expiresAt: new Date(record.expiresAt.getTime() - shift),
      },
    });
  }

  test('the same key and body execute again once the record has expired', async () => {
    const { id, token } = await world.token(admin, ['tasks:run']);
    script = answers(accepted(31), accepted(32));

    expectFresh(await run(token, 'expiring'), 202, triggered(31));
    // Retention is IDEMPOTENCY_RETENTION_HOURS (24 by default) after creation.
    const record = await world.db.idempotencyRecord.findUniqueOrThrow({
      where: { tokenId_key: { tokenId: BigInt(id), key: 'expiring' } },
    });
    expect(record.expiresAt.getTime() - record.createdAt.getTime()).toBe(24 * 3_600_000);
    // Still live: a replay.
    expectReplay(await run(token, 'expiring'), 202, triggered(31));
    expect(seen).toHaveLength(1);

    await age(id, 'expiring');
    expectFresh(await run(token, 'expiring'), 202, triggered(32));
    expect(seen).toHaveLength(2);
    // The new outcome is stored in its place.
    expectReplay(await run(token, 'expiring'), 202, triggered(32));
    expect(seen).toHaveLength(2);
  });

  test('a different body with an expired key is accepted and the key is bound to it', async () => {
    const { id, token } = await world.token(admin, ['tasks:run']);
    script = answers(accepted(41), accepted(42));

    expectFresh(await run(token, 'rebound', { note: 'first' }), 202, triggered(41));
    expectProblem(await run(token, 'rebound', { note: 'second' }), 422, 'idempotency_key_reused');
    expect(seen).toHaveLength(1);

    await age(id, 'rebound');
    expectFresh(await run(token, 'rebound', { note: 'second' }), 202, triggered(42));
    expect(seen.map((s) => JSON.parse(s.body) as unknown)).toEqual([
      { note: 'first' },
      { note: 'second' },
    ]);
    expectReplay(await run(token, 'rebound', { note: 'second' }), 202, triggered(42));
    expectProblem(await run(token, 'rebound', { note: 'first' }), 422, 'idempotency_key_reused');
    expect(seen).toHaveLength(2);
  });
});

test('the Idempotency-Key header is ignored on GET: each GET reaches the service', async () => {
  const { id, token } = await world.token(admin, ['tasks:read']);
  let calls = 0;
  script = () => {
    calls += 1;
    return { status: 200, body: { items: [], has_main_server: calls > 1 } };
  };
  // A value that would be refused on a mutating operation is ignored too.
  for (const key of ['get-key', 'get-key', 'k'.repeat(256)]) {
    const reply = await world.request('GET', '/api/v1/tasks', {
      token,
      headers: { 'idempotency-key': key },
    });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('idempotent-replayed')).toBeNull();
  }
  const last = await world.request('GET', '/api/v1/tasks', {
    token,
    headers: { 'idempotency-key': 'get-key' },
  });
  expect(last.body).toEqual({ items: [], has_main_server: true });
  expect(seen.map((s) => [s.method, s.url, s.key])).toEqual(
    Array.from({ length: 4 }, () => ['GET', '/api/v1/tasks', undefined]),
  );
  expect(await world.db.idempotencyRecord.count({ where: { tokenId: BigInt(id) } })).toBe(0);
});

test('keys are per token: the same key and body under two tokens both execute, each replays its own', async () => {
  const a = await world.token(admin, ['tasks:run']);
  const b = await world.token(admin, ['tasks:run']);
  script = answers(accepted(51), accepted(52));

  expectFresh(await run(a.token, 'shared-key', { note: 'same' }), 202, triggered(51));
  expectFresh(await run(b.token, 'shared-key', { note: 'same' }), 202, triggered(52));
  expect(seen.map((s) => [s.tokenId, s.key])).toEqual([
    [a.id, 'shared-key'],
    [b.id, 'shared-key'],
  ]);

  expectReplay(await run(a.token, 'shared-key', { note: 'same' }), 202, triggered(51));
  expectReplay(await run(b.token, 'shared-key', { note: 'same' }), 202, triggered(52));
  expect(seen).toHaveLength(2);
});

test('keys are compared byte for byte: a key differing only in case is another key', async () => {
  const { token } = await world.token(admin, ['tasks:run']);
  script = answers(accepted(61), accepted(62));

  expectFresh(await run(token, 'Case-Key'), 202, triggered(61));
  expectFresh(await run(token, 'case-key'), 202, triggered(62));
  expect(seen.map((s) => s.key)).toEqual(['Case-Key', 'case-key']);
  expectReplay(await run(token, 'Case-Key'), 202, triggered(61));
  expect(seen).toHaveLength(2);
});
