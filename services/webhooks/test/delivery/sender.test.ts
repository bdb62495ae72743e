import { Webhook } from 'standardwebhooks';
import { CLOSED_PORT } from '@mcs/kit/testing';
import { attemptError } from '../../src/domain/redaction';
import { classify, decideAfterAttempt } from '../../src/domain/retry-policy';
import { buildRequest, isRequest, type OutgoingRequest } from '../../src/domain/outgoing-request';
import {
  MAX_RESPONSE_BYTES,
  type Resolve,
  send,
  type SenderOptions,
} from '../../src/delivery/sender';
import { ReceiverConnections } from '../../src/delivery/receiver-connections';
import { generateSigningSecret } from '../../src/domain/signing';
import { deletedEvent } from '../unit/samples';
import { type Receiver, startReceiver, stream } from './receiver';

const secret = generateSigningSecret();
const open: SenderOptions = { policy: { blockPrivate: false } };
const none = { secrets: [], paths: [] };
let receiver: Receiver;

afterEach(() => receiver?.close());

/** A signed default POST to `url`, as the delivery worker builds it. */
function post(url: string, timeoutSeconds = 5): OutgoingRequest {
  const built = buildRequest({
    endpoint: {
      method: 'POST',
      url,
      urlTemplate: null,
      bodyTemplate: null,
      pathMode: 'original',
      headers: [{ name: 'X-Api-Key', value: 'k-1' }],
      authUsername: 'bob',
      authPassword: 'pw',
      timeoutSeconds,
    },
    event: deletedEvent(),
    paths: null,
    webhookId: deletedEvent().payload.id,
    secrets: { current: secret, previous: null, previousExpiresAt: null },
    now: new Date(),
    version: '1.4.2',
  });
  if (!isRequest(built)) throw new Error('refused');
  return built;
}

/** Resolves every name to `addresses`, recording what was asked. */
const resolver = (addresses: string[], asked: string[] = []): Resolve => {
  return (hostname) => {
    asked.push(hostname);
    return Promise.resolve(
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );
  };
};

test('a 2xx is delivered: the receiver gets exactly the §4.12 headers and a verifiable signature', async () => {
  receiver = await startReceiver((_, response) => response.writeHead(204).end());
  const asked: string[] = [];
  const result = await send(post(`http://receiver.test:${receiver.port}/hooks`), {
    ...open,
    resolve: resolver(['127.0.0.1'], asked),
  });
  expect(result).toMatchObject({ statusCode: 204, error: null, bodyExcerpt: '', retryAfter: null });
  expect(classify(result)).toBe('delivered');
  expect(asked).toEqual(['receiver.test']);
  const [got] = receiver.received;
  expect(got?.headers.host).toBe(`receiver.test:${receiver.port}`);
  expect(got?.headers['user-agent']).toBe('MediaCleanupService/1.4.2');
  expect(got?.headers.authorization).toBe(`Basic ${Buffer.from('bob:pw').toString('base64')}`);
  expect(got?.headers['x-api-key']).toBe('k-1');
  expect(got?.headers['content-length']).toBe(String(Buffer.byteLength(got?.body ?? '')));
  expect(got?.rawHeaderNames.map((name) => name.toLowerCase()).sort()).toEqual([
    'authorization',
    'connection',
    'content-length',
    'content-type',
    'host',
    'user-agent',
    'webhook-id',
    'webhook-signature',
    'webhook-timestamp',
    'x-api-key',
  ]);
  expect(got?.headers['webhook-id']).toBe(deletedEvent().payload.id);
  expect(
    new Webhook(secret).verify(got?.body ?? '', got?.headers as Record<string, string>),
  ).toEqual(deletedEvent().payload);
});

test('a 301 is not followed and fails permanently with "redirects are not followed"', async () => {
  receiver = await startReceiver((_, response) =>
    response.writeHead(301, { Location: '/elsewhere' }).end(),
  );
  const result = await send(post(`http://127.0.0.1:${receiver.port}/hooks`), open);
  expect(result.statusCode).toBe(301);
  expect(receiver.received.map((request) => request.url)).toEqual(['/hooks']);
  expect(classify(result)).toBe('permanent_failure');
  expect(attemptError(result, none)).toBe('HTTP 301: redirects are not followed');
});

test('a 503 with Retry-After schedules the next attempt that far ahead, with its body excerpt', async () => {
  receiver = await startReceiver((_, response) =>
    response.writeHead(503, { 'Retry-After': '120' }).end('busy, token=abc123'),
  );
  const result = await send(post(`http://127.0.0.1:${receiver.port}/`), open);
  expect(result).toMatchObject({
    statusCode: 503,
    retryAfter: '120',
    bodyExcerpt: 'busy, token=abc123',
  });
  const now = new Date('2026-03-01T12:00:00.000Z');
  expect(decideAfterAttempt(result, 1, now)).toMatchObject({
    status: 'pending',
    retryAfterSeconds: 120,
    nextAttemptAt: new Date('2026-03-01T12:02:00.000Z'),
  });
  expect(attemptError(result, none)).toBe('HTTP 503: busy, token=<redacted>');
});

test('a receiver that never answers hits the total deadline: a retryable timeout', async () => {
  receiver = await startReceiver(() => undefined);
  const request = { ...post(`http://127.0.0.1:${receiver.port}/`), timeoutMs: 300 };
  const result = await send(request, open);
  expect(result).toMatchObject({
    statusCode: null,
    error: { kind: 'timeout', message: 'Timeout after 0.3 s' },
  });
  expect(result.durationMs).toBeGreaterThanOrEqual(290);
  expect(classify(result)).toBe('retryable_failure');
});

test('the deadline also covers reading the body: a stalled error body ends with what arrived', async () => {
  receiver = await startReceiver((_, response) => {
    response.writeHead(500);
    response.write('partial');
  });
  const result = await send(
    { ...post(`http://127.0.0.1:${receiver.port}/`), timeoutMs: 300 },
    open,
  );
  expect(result).toMatchObject({ statusCode: 500, bodyExcerpt: 'partial', error: null });
  expect(result.durationMs).toBeGreaterThanOrEqual(290);
});

test('at most 64 KiB of a body is read, from a 1 MiB body or an endless one', async () => {
  receiver = await startReceiver((request, response) => {
    response.writeHead(500);
    stream(response, request.url === '/endless' ? null : 1024 * 1024);
  });
  const big = await send(post(`http://127.0.0.1:${receiver.port}/big`), open);
  expect(big).toMatchObject({ statusCode: 500, error: null });
  expect(big.bodyExcerpt).toHaveLength(MAX_RESPONSE_BYTES);
  // Reading to the end would run into the 5 s deadline; stopping at 64 KiB returns at once.
  const endless = await send(post(`http://127.0.0.1:${receiver.port}/endless`), open);
  expect(endless).toMatchObject({ statusCode: 500, error: null });
  expect(endless.bodyExcerpt).toHaveLength(MAX_RESPONSE_BYTES);
});

test('a host name resolving to the metadata address is refused before any request', async () => {
  receiver = await startReceiver((_, response) => response.writeHead(204).end());
  for (const addresses of [
    ['169.254.169.254'],
    ['127.0.0.1', '169.254.169.254'],
    ['::ffff:169.254.169.254'],
    ['0.0.0.0'],
  ]) {
    const result = await send(post(`http://hooks.example:${receiver.port}/`), {
      ...open,
      resolve: resolver(addresses),
    });
    expect([addresses, result.error]).toEqual([
      addresses,
      { kind: 'destination_not_allowed', message: 'Destination address is not allowed' },
    ]);
    expect(classify(result)).toBe('permanent_failure');
  }
  expect(receiver.received).toHaveLength(0);
});

test('private destinations are refused only with "Block private network destinations" on', async () => {
  receiver = await startReceiver((_, response) => response.writeHead(200).end());
  const blocking: SenderOptions = {
    policy: { blockPrivate: true },
    resolve: resolver(['127.0.0.1']),
  };
  for (const url of [
    `http://lan-box.test:${receiver.port}/`,
    `http://127.0.0.1:${receiver.port}/`,
    `http://localhost:${receiver.port}/`,
  ])
    expect((await send(post(url), blocking)).error?.kind).toBe('destination_not_allowed');
  expect(receiver.received).toHaveLength(0);
  const allowed = await send(post(`http://lan-box.test:${receiver.port}/`), {
    ...open,
    resolve: resolver(['127.0.0.1']),
  });
  expect(allowed.statusCode).toBe(200);
  expect(receiver.received).toHaveLength(1);
});

test('network failures are retryable and described without addresses', async () => {
  const refused = await send(post(`http://127.0.0.1:${CLOSED_PORT}/`), open);
  expect(refused.error).toEqual({ kind: 'connection_refused', message: 'Connection refused' });
  const dns: Resolve = () =>
    Promise.reject(
      Object.assign(new Error('getaddrinfo ENOTFOUND nowhere.test'), { code: 'ENOTFOUND' }),
    );
  const unknown = await send(post('http://nowhere.test/'), { ...open, resolve: dns });
  expect(unknown.error).toEqual({ kind: 'dns', message: 'DNS lookup failed' });
  expect([classify(refused), classify(unknown)]).toEqual([
    'retryable_failure',
    'retryable_failure',
  ]);
});

test('proxy settings in the environment are not used', async () => {
  const proxy = await startReceiver((_, response) => response.writeHead(502).end());
  receiver = await startReceiver((_, response) => response.writeHead(204).end());
  const saved = { http: process.env.HTTP_PROXY, lower: process.env.http_proxy };
  process.env.HTTP_PROXY = process.env.http_proxy = `http://127.0.0.1:${proxy.port}`;
  try {
    const result = await send(post(`http://receiver.test:${receiver.port}/`), {
      ...open,
      resolve: resolver(['127.0.0.1']),
    });
    expect(result.statusCode).toBe(204);
    expect(proxy.received).toHaveLength(0);
  } finally {
    process.env.HTTP_PROXY = saved.http;
    process.env.http_proxy = saved.lower;
    if (saved.http === undefined) delete process.env.HTTP_PROXY;
    if (saved.lower === undefined) delete process.env.http_proxy;
    await proxy.close();
  }
});

describe('kept connections (the delivery worker keeps them between attempts)', () => {
  let connections: ReceiverConnections;
  beforeEach(() => (connections = new ReceiverConnections()));
  afterEach(() => connections.close());

  const kept = (addresses = ['127.0.0.1']): SenderOptions => ({
    ...open,
    resolve: resolver(addresses),
    connections,
  });

  test("an endpoint's next attempts reuse one connection, 2xx bodies and error bodies alike", async () => {
    let answers = 0;
    receiver = await startReceiver((_, response) => {
      answers += 1;
      if (answers === 2) return void response.writeHead(503).end('busy');
      response.writeHead(200).end('{"ok":true}');
    });
    const url = `http://receiver.test:${receiver.port}/hooks`;
    const results = [];
    for (let i = 0; i < 3; i += 1) results.push(await send(post(url), kept()));
    expect(results.map((result) => result.statusCode)).toEqual([200, 503, 200]);
    expect(results[1]?.bodyExcerpt).toBe('busy');
    expect(receiver.received.map((request) => request.connection)).toEqual([1, 1, 1]);
  });

  test('a connection the receiver drops as it is reused is retried once on a new one', async () => {
    receiver = await startReceiver((request, response) => {
      // The second request on the first connection finds it closed, as after an idle timeout.
      if (receiver.received.length === 2) return void response.socket?.destroy();
      response.writeHead(204).end();
    });
    const url = `http://receiver.test:${receiver.port}/hooks`;
    const first = await send(post(url), kept());
    const second = await send(post(url), kept());
    expect([first.statusCode, second.statusCode]).toEqual([204, 204]);
    expect(second.error).toBeNull();
    expect(receiver.received.map((request) => request.connection)).toEqual([1, 1, 2]);
    const [, dropped, resent] = receiver.received;
    expect(resent?.headers['webhook-id']).toBe(dropped?.headers['webhook-id']);
  });

  test('a name that now resolves elsewhere gets a new connection, to the address judged now', async () => {
    receiver = await startReceiver((_, response) => response.writeHead(204).end());
    const url = `http://receiver.test:${receiver.port}/hooks`;
    expect((await send(post(url), kept(['127.0.0.1']))).statusCode).toBe(204);
    // Nothing listens on 127.0.0.2: only a new connection to it can be refused.
    const moved = await send(post(url), kept(['127.0.0.2']));
    expect(moved.error).toEqual({ kind: 'connection_refused', message: 'Connection refused' });
    expect(receiver.received).toHaveLength(1);
  });

  test('the guard runs before a kept connection is used: a refused destination gets nothing', async () => {
    receiver = await startReceiver((_, response) => response.writeHead(204).end());
    const url = `http://receiver.test:${receiver.port}/hooks`;
    expect((await send(post(url), kept())).statusCode).toBe(204);
    const blocked = await send(post(url), { ...kept(), policy: { blockPrivate: true } });
    expect(blocked.error?.kind).toBe('destination_not_allowed');
    expect(receiver.received).toHaveLength(1);
  });
});
