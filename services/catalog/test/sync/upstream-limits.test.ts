import { waitFor } from '@mcs/kit/testing';
import { radarrMovie } from '../integrations/factories/arr';
import { ADMIN } from '../support/api';
import { endlessList, json, startStandIn, type StandIn } from '../support/stand-in';
import { useWorld } from '../support/world';

/**
 * Caps on what an upstream may send (decision 021): an answer over its cap fails that source
 * with `too_large`, naming the setting to raise; the connection is cut, nothing runs out of
 * memory, the other sources sync and the service keeps serving.
 */
const MiB = 1024 * 1024;
const world = useWorld({
  sim: { movies: 6, series: 1, seasonsPerSeries: 1, episodesPerSeason: 2 },
  limits: { responseBytes: MiB, listBytes: 2 * MiB, elementBytes: 64 * 1024 },
});
let standIn: StandIn;
const ids: Record<string, number> = {};
/** Far more than any cap: an answer that was read whole would take this many bytes. */
const HUGE = 64 * MiB;

async function save(key: string, body: Record<string, unknown>) {
  const saved = await world.api<{ id: number }>('POST', '/api/settings/save/service', {
    principal: ADMIN,
    body: { enabled: true, ...body },
  });
  expect(saved.status).toBe(201);
  ids[key] = saved.body.id;
}

beforeAll(async () => {
  standIn = await startStandIn(world.sim.url);
  // The main server and a second Radarr reach the simulator through the stand-in.
  await save('jellyfin', {
    service_type: 'jellyfin',
    name: 'Jellyfin',
    base_url: `${standIn.url}/jellyfin`,
    api_key: world.sim.apiKeys.jellyfin,
    is_main: true,
  });
  await save('radarr', {
    service_type: 'radarr',
    name: 'Radarr',
    base_url: world.sim.urls.radarr,
    api_key: world.sim.apiKeys.radarr,
  });
  await save('hostile', {
    service_type: 'radarr',
    name: 'Radarr 4K',
    base_url: `${standIn.url}/radarr`,
    api_key: world.sim.apiKeys.radarr,
  });
});

afterEach(() => {
  for (const path of [
    '/radarr/api/v3/tag',
    '/radarr/api/v3/movie',
    '/jellyfin/Library/VirtualFolders',
  ])
    standIn.take(path, null);
});

afterAll(() => standIn.close());

const source = (source: string, id: number) =>
  world.service.db.sourceStatus.findFirstOrThrow({
    where: { source, serviceConfigId: BigInt(id) },
  });

const cutOff = (path: string) =>
  waitFor(() => standIn.cutOff.find((answer) => answer.path === path), {
    what: `the client to hang up on ${path}`,
  });

/** A sync completes with the hostile Radarr unavailable as too_large, naming `setting`. */
async function syncFailsHostile(setting: string) {
  const run = await world.runTask('sync_media');
  expect(run.status).toBe('completed');
  const hostile = await source('arr', ids.hostile as number);
  expect(hostile).toMatchObject({ state: 'unavailable', reason: 'too_large' });
  expect(hostile.lastError).toContain(setting);
  return hostile;
}

/** The library still synced, and the service still answers. */
async function stillServing() {
  expect(await world.service.db.movie.count({ where: { removedAt: null } })).toBeGreaterThan(0);
  expect(await source('arr', ids.radarr as number)).toMatchObject({ state: 'ok' });
  const services = await world.api('GET', '/api/settings/services', { principal: ADMIN });
  expect(services.status).toBe(200);
}

test('an answer over UPSTREAM_RESPONSE_MAX_MB fails its source with too_large and is cut off', async () => {
  const label = 'x'.repeat(8000);
  standIn.take(
    '/radarr/api/v3/tag',
    endlessList((n) => ({ id: n + 1, label: `${label}${n}` }), HUGE),
  );
  const hostile = await syncFailsHostile('UPSTREAM_RESPONSE_MAX_MB');
  expect(hostile.lastError).toContain('Radarr GET /api/v3/tag');
  expect((await cutOff('/radarr/api/v3/tag')).bytesSent).toBeLessThan(HUGE / 2);
  await stillServing();
});

test('a list element over UPSTREAM_LIST_ELEMENT_MAX_KB fails its source with too_large', async () => {
  standIn.take(
    '/radarr/api/v3/movie',
    json([radarrMovie({ id: 1 }), radarrMovie({ id: 2, overview: 'x'.repeat(200_000) })]),
  );
  await syncFailsHostile('UPSTREAM_LIST_ELEMENT_MAX_KB');
  await stillServing();
});

test('a list over UPSTREAM_LIST_MAX_MB fails its source with too_large and is cut off', async () => {
  const overview = 'x'.repeat(16_000);
  standIn.take(
    '/radarr/api/v3/movie',
    endlessList((n) => radarrMovie({ id: 1000 + n, tmdbId: 5_000_000 + n, overview }), HUGE),
  );
  await syncFailsHostile('UPSTREAM_LIST_MAX_MB');
  expect((await cutOff('/radarr/api/v3/movie')).bytesSent).toBeLessThan(HUGE / 2);
  await stillServing();
});

test("the main server's answer over its cap fails the run, naming too_large and the setting", async () => {
  standIn.take(
    '/jellyfin/Library/VirtualFolders',
    endlessList((n) => ({ Name: `Library ${n}`, ItemId: `${n}`, CollectionType: 'movies' }), HUGE),
  );
  const run = await world.runTask('sync_media');
  expect(run.status).toBe('error');
  expect(run.error).toContain('too_large');
  expect(run.error).toContain('UPSTREAM_RESPONSE_MAX_MB');
  const main = await source('catalog', ids.jellyfin as number);
  expect(main).toMatchObject({ state: 'unavailable', reason: 'too_large' });
  expect((await cutOff('/jellyfin/Library/VirtualFolders')).bytesSent).toBeLessThan(HUGE / 2);
  // The next run, with the server behaving again, syncs as before.
  standIn.take('/jellyfin/Library/VirtualFolders', null);
  expect((await world.runTask('sync_media')).status).toBe('completed');
  await stillServing();
});
