import type { Express } from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Conflict, createHttpApp, createLogger, Invalid, listen, type HttpServer } from '@mcs/kit';

let server: HttpServer;
let base: string;
const logged: string[] = [];

beforeAll(async () => {
  // Log lines are collected to check what reaches the log (and what does not reach the client).
  const log = createLogger({
    service: 'test',
    level: 'error',
    destination: { write: (line: string) => logged.push(line) },
  });
  const app = createHttpApp({
    log,
    bodyLimit: '1kb',
    routes: (root) => {
      root.post('/echo', (req, res) => {
        res.json(req.body);
      });
      root.get('/conflict', () => {
        throw new Conflict('candidate_protected', 'Candidate 1 is protected.');
      });
      root.get('/invalid', () => {
        throw new Invalid([
          { in: 'query', name: 'per_page', message: 'Must be between 1 and 200.' },
        ]);
      });
      root.get('/born', (req, res) => {
        res.json({ header: req.get('x-probe') });
      });
      root.get('/boom', () => {
        throw new Error('secret stack detail at /srv/media');
      });
    },
  });
  server = await listen(app, 0, '127.0.0.1');
  base = `http://127.0.0.1:${server.port}`;
});
afterAll(() => server.close());

async function call(path: string, init?: RequestInit) {
  const response = await fetch(`${base}${path}`, init);
  return { response, body: (await response.json()) as Record<string, unknown> };
}

test('an unknown route is a 404 problem+json whose request_id matches X-Request-Id', async () => {
  const { response, body } = await call('/nope');
  expect(response.status).toBe(404);
  expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(body).toEqual({
    type: 'urn:mcs:problem:not_found',
    title: 'Not found',
    status: 404,
    detail: 'No route matches GET /nope.',
    code: 'not_found',
    request_id: response.headers.get('x-request-id'),
  });
});

test('requests and responses are born with the app prototypes, so express never re-parents them', async () => {
  // Re-parenting every request (Object.setPrototypeOf) made V8 promote them out of the young
  // generation: long collections and most of the latency tail (bench/gateway/RESULTS.md).
  // Runs before express sees the request: what node:http created, not what express made of it.
  const born: boolean[] = [];
  const check = (req: IncomingMessage, res: ServerResponse) => {
    const app = (req as IncomingMessage & { app?: Express }).app;
    born.push(app !== undefined && Object.getPrototypeOf(res) === app.response);
  };
  server.server.prependListener('request', check);
  const { response, body } = await call('/born', { headers: { 'x-probe': 'yes' } });
  server.server.off('request', check);
  expect(response.status).toBe(200);
  expect(body).toEqual({ header: 'yes' });
  expect(born).toEqual([true]);
});

test('a valid incoming X-Request-Id is kept; an unsafe one is replaced', async () => {
  const kept = await call('/nope', { headers: { 'x-request-id': 'abc.DEF-123_x' } });
  expect(kept.response.headers.get('x-request-id')).toBe('abc.DEF-123_x');
  const replaced = await call('/nope', { headers: { 'x-request-id': 'bad id with spaces' } });
  expect(replaced.response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
});

test('domain errors map to their status and code; validation errors list each field', async () => {
  expect((await call('/conflict')).body).toMatchObject({
    status: 409,
    code: 'candidate_protected',
    title: 'Candidate is protected',
  });
  const { response, body } = await call('/invalid');
  expect(response.status).toBe(422);
  expect(body.errors).toEqual([
    { in: 'query', name: 'per_page', message: 'Must be between 1 and 200.' },
  ]);
});

test('malformed JSON is 400 and an oversized body is 413, never 500', async () => {
  const json = { 'content-type': 'application/json' };
  expect(
    (await call('/echo', { method: 'POST', headers: json, body: '{"reason":' })).body,
  ).toMatchObject({
    status: 400,
    code: 'malformed_json',
  });
  expect(
    (
      await call('/echo', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ a: 'x'.repeat(2000) }),
      })
    ).body,
  ).toMatchObject({
    status: 413,
    code: 'payload_too_large',
  });
});

test('an unexpected failure is a generic 500 with an error id; the details go to the log only', async () => {
  const { response, body } = await call('/boom');
  expect(response.status).toBe(500);
  expect(body).toMatchObject({ code: 'internal_error', detail: 'An unexpected error occurred.' });
  expect(JSON.stringify(body)).not.toContain('/srv/media');
  expect(logged.join('')).toContain(String(body.error_id));
  expect(logged.join('')).toContain('secret stack detail');
});

test('responses carry the security headers', async () => {
  const { response } = await call('/nope');
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('x-frame-options')).toBe('DENY');
  expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(response.headers.get('content-security-policy')).toBe(
    "default-src 'none'; frame-ancestors 'none'",
  );
  expect(response.headers.get('strict-transport-security')).toBeNull();
});
