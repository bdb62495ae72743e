/**
 * The shared client policy (§2.2) against a local stand-in server, where timing and concurrency
 * are observable, and nock where only the answer matters.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import nock from 'nock';
import { httpOptions } from '../../src/integrations/config';
import { array, integer, object } from '../../src/integrations/decode';
import { HttpClient } from '../../src/integrations/http';
import { RadarrClient } from '../../src/integrations/radarr';
import { TautulliClient } from '../../src/integrations/tautulli';
import { API_KEY, failureOf, testConfig } from './support';
import { useNock } from './use-nock';

useNock();

const ids = array(object({ id: integer }));

/** A local stand-in that answers each request after a short hold, recording the peak in flight. */
async function slowServer(holdMs = 20) {
  let inFlight = 0;
  let peak = 0;
  const server = http.createServer((_req, res) => {
    inFlight++;
    peak = Math.max(peak, inFlight);
    setTimeout(() => {
      inFlight--;
      res.end('[]');
    }, holdMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    peak: () => peak,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('HTTP client policy', () => {
  test('no more calls than the instance cap are in flight at once', async () => {
    const server = await slowServer();
    const client = new HttpClient(
      httpOptions('radarr', testConfig(server.url, { concurrency: 2, timeoutSeconds: 5 }), {}),
    );
    await Promise.all(Array.from({ length: 6 }, (_, i) => client.get(`/api/v3/x/${i}`, ids)));
    expect(server.peak()).toBe(2);
    client.close();
    await server.close();
  });

  test('writes go one at a time even when reads may run in parallel', async () => {
    const server = await slowServer();
    const client = new HttpClient(
      httpOptions('radarr', testConfig(server.url, { concurrency: 4, timeoutSeconds: 5 }), {}),
    );
    await Promise.all(
      [1, 2, 3].map((id) => client.write({ method: 'DELETE', path: `/api/v3/moviefile/${id}` })),
    );
    expect(server.peak()).toBe(1);
    client.close();
    await server.close();
  });

  test('an unreachable server is retried three times, then reported as unreachable', async () => {
    const server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const config = testConfig(url);
    const failure = await failureOf(new RadarrClient(config).tags());
    expect(failure.code).toBe('unreachable');
    expect(failure.message).toContain('ECONNREFUSED');
    expect(config.sleeps).toEqual([1000, 4000, 10000]);
  });

  test('a Retry-After beyond 60 s is capped at 60 s', async () => {
    nock('http://radarr.test')
      .get('/api/v3/tag')
      .reply(429, '', { 'Retry-After': '3600' })
      .get('/api/v3/tag')
      .reply(200, []);
    const config = testConfig('http://radarr.test');
    await new RadarrClient(config).tags();
    expect(config.sleeps).toEqual([60_000]);
  });

  test('credentials in the base URL and a key in the query never reach error messages', async () => {
    nock('http://tautulli.test')
      .get('/sub/api/v2')
      .query(true)
      .reply(500, `boom ${API_KEY}`)
      .persist();
    const config = testConfig(`http://admin:hunter22@tautulli.test/sub`);
    const failure = await failureOf(new TautulliClient(config).testConnection());
    expect(failure.message).toBe('Tautulli GET /api/v2: HTTP 500');
    expect(failure.message).not.toContain('hunter22');
  });

  test('an answer announcing more than its cap fails as too_large at once: not read, not retried', async () => {
    const server = http.createServer((_req, res) => {
      // Announces 64 MiB, then sends almost nothing: only the header can end this early.
      res.writeHead(200, { 'Content-Length': String(64 * 1024 * 1024) });
      res.write('[');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const limits = { responseBytes: 1024 * 1024, listBytes: 1024 * 1024, elementBytes: 1024 };
    const config = testConfig(url, { limits });
    const client = new RadarrClient(config);
    const failure = await failureOf(client.tags());
    expect(failure.code).toBe('too_large');
    expect(failure.message).toBe(
      'Radarr GET /api/v3/tag: the response exceeded 1 MiB (UPSTREAM_RESPONSE_MAX_MB; raise it if the server is right)',
    );
    expect(config.sleeps).toEqual([]);
    client.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  test('a caller cancel stops a pending call as canceled', async () => {
    nock('http://radarr.test').get('/api/v3/tag').delay(2_000).reply(200, []);
    const controller = new AbortController();
    const pending = new RadarrClient(
      testConfig('http://radarr.test', { signal: controller.signal, timeoutSeconds: 5 }),
    ).tags();
    controller.abort();
    expect((await failureOf(pending)).code).toBe('canceled');
  });
});
