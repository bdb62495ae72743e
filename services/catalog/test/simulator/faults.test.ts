import { startSimulator, type Simulator } from '../../../../infra/simulator/src';
import { IntegrationError } from '../../src/integrations/errors';
import { JellyfinClient } from '../../src/integrations/jellyfin';
import { clientsFor, collect, type Clients } from './clients';

async function failure(work: Promise<unknown>): Promise<IntegrationError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(IntegrationError);
  return error as IntegrationError;
}

describe('fault knobs', () => {
  let sim: Simulator;
  let clients: Clients;
  /** With a short timeout, for the one test that waits for an answer never coming; the others
   * keep the default, so a busy machine cannot make a slow page look like a timeout. */
  let impatient: Clients;
  const movies = () => collect(clients.jellyfin.movies(sim.library.jellyfinLibraryIds.movies));
  beforeAll(async () => {
    sim = await startSimulator({ movies: 450, series: 2 });
    clients = clientsFor(sim);
    impatient = clientsFor(sim, { timeoutSeconds: 0.3 });
  });
  afterEach(() => sim.faults.reset());
  afterAll(async () => {
    clients.close();
    impatient.close();
    await sim.close();
  });

  test('the next N errors are answered with 5xx, which the client retries through', async () => {
    sim.faults.set({ nextErrors: 2, errorStatus: 503 }, ['jellyfin']);
    await expect(movies()).resolves.toHaveLength(450);
    expect(sim.faults.of('jellyfin').nextErrors).toBe(0);
  });

  test('an error rate of 1 fails every request', async () => {
    sim.faults.set({ errorRate: 1, errorStatus: 502 }, ['radarr']);
    expect((await failure(clients.radarr.testConnection())).code).toBe('http_502');
  });

  test('a request that is never answered times out in the client', async () => {
    sim.faults.set({ nextTimeouts: 1 }, ['seerr']);
    expect((await failure(impatient.seerr.testConnection())).code).toBe('timeout');
  });

  test('latency delays every answer by at least the configured time', async () => {
    sim.faults.set({ latencyMs: 60 }, ['sonarr']);
    const started = performance.now();
    await clients.sonarr.testConnection();
    expect(performance.now() - started).toBeGreaterThanOrEqual(55);
  });

  test('a suddenly empty library is a complete, empty enumeration', async () => {
    sim.faults.set({ emptyLibrary: true });
    await expect(movies()).resolves.toEqual([]);
    await expect(collect(clients.radarr.movies())).resolves.toEqual([]);
  });

  test('empty pages before the total make the enumeration incomplete', async () => {
    sim.faults.set({ emptyPagesFrom: 200 }, ['jellyfin']);
    expect((await failure(movies())).code).toBe('incomplete');
  });

  test('sentinel dates reach the client as unknown', async () => {
    sim.faults.set({ sentinelDates: true });
    const [movie] = await movies();
    expect(movie?.addedAt).toBeNull();
    const [arr] = await collect(clients.radarr.movies());
    expect(arr?.addedAt).toBeNull();
    expect(arr?.file?.addedAt).toBeNull();
  });

  test('malformed JSON is an invalid response, for pages and streamed lists', async () => {
    sim.faults.set({ nextMalformed: 1 }, ['jellyfin', 'radarr']);
    expect((await failure(movies())).code).toBe('invalid_response');
    expect((await failure(collect(clients.radarr.movies()))).code).toBe('invalid_response');
  });

  test('a wrong API key gets 401', async () => {
    const wrong = new JellyfinClient({ baseUrl: sim.urls.jellyfin, apiKey: 'not-the-key' });
    expect((await failure(wrong.users())).code).toBe('unauthorized');
    wrong.close();
  });

  test('faults can be set and cleared over HTTP', async () => {
    const post = await fetch(`${sim.url}/__sim/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ systems: ['plex'], nextErrors: 4, errorStatus: 500 }),
    });
    expect(post.status).toBe(200);
    expect((await failure(clients.plex.testConnection())).code).toBe('http_500');
    await fetch(`${sim.url}/__sim/faults`, { method: 'DELETE' });
    await expect(clients.plex.testConnection()).resolves.toMatchObject({ version: '1.41.3.9314' });
    const bad = await fetch(`${sim.url}/__sim/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"latencyMs":"slow"}',
    });
    expect(bad.status).toBe(400);
  });
});
