import { randomUUID } from 'node:crypto';
import { SecretBox } from '@mcs/kit';
import { waitFor } from '@mcs/kit/testing';
import { ADMIN } from '../support/api';
import { useWorld } from '../support/world';

/**
 * After ENCRYPTION_KEYS changed, a service whose stored API key no longer opens is a source that
 * cannot be read, with the cause `secrets_unreadable` on its source status (and on the run's
 * error when it is the main server); nothing is sent to it. Entering the key again makes it
 * whole.
 */
const world = useWorld({
  sim: { movies: 6, series: 1, seasonsPerSeries: 1, episodesPerSeason: 2 },
});
const otherKey = new SecretBox(['another-key-0123456789abcdef-0123']);
let ids: Record<string, number>;
type System = 'jellyfin' | 'radarr' | 'seerr';

beforeAll(async () => {
  ids = await world.configure(['radarr', 'seerr']);
  expect((await world.runTask('sync_media')).status).toBe('completed');
});

async function underOldKey(system: System) {
  await world.service.db.serviceConfig.update({
    where: { id: BigInt(ids[system] as number) },
    data: { apiKeyEncrypted: otherKey.seal(world.sim.apiKeys[system]) },
  });
}

/** What an administrator does after the key change: enter the API key again. */
async function enterKeyAgain(system: System) {
  const saved = await world.api('POST', '/api/settings/save/service', {
    principal: ADMIN,
    body: {
      id: ids[system],
      service_type: system,
      name: `Simulated ${system}`,
      base_url: world.sim.urls[system],
      api_key: world.sim.apiKeys[system],
      enabled: true,
    },
  });
  expect(saved.status).toBe(200);
}

const source = (name: string, system: System) =>
  world.service.db.sourceStatus.findFirstOrThrow({
    where: { source: name, serviceConfigId: BigInt(ids[system] as number) },
  });

test('a Radarr whose key does not open is unavailable with secrets_unreadable; the sync completes', async () => {
  await underOldKey('radarr');
  const run = await world.runTask('sync_media');
  expect(run.status).toBe('completed');
  for (const name of ['arr', 'disk'])
    expect(await source(name, 'radarr')).toMatchObject({
      state: 'unavailable',
      reason: 'secrets_unreadable',
    });
  expect((await source('arr', 'radarr')).lastError).toContain('ENCRYPTION_KEYS');
  expect(await source('catalog', 'jellyfin')).toMatchObject({ state: 'ok' });

  await enterKeyAgain('radarr');
  expect((await world.runTask('sync_media')).status).toBe('completed');
  expect(await source('arr', 'radarr')).toMatchObject({ state: 'ok', reason: null });
});

test('sync_requests: a Seerr whose key does not open is unavailable with secrets_unreadable', async () => {
  await underOldKey('seerr');
  expect((await world.runTask('sync_requests')).status).toBe('completed');
  expect(await source('seerr', 'seerr')).toMatchObject({
    state: 'unavailable',
    reason: 'secrets_unreadable',
  });
  await enterKeyAgain('seerr');
  expect((await world.runTask('sync_requests')).status).toBe('completed');
  expect(await source('seerr', 'seerr')).toMatchObject({ state: 'ok' });
});

async function nowPlaying() {
  const messageId = randomUUID();
  await world.broker.send(
    'catalog.inputs.refresh',
    { run_id: 7, sources: ['now_playing'] },
    messageId,
  );
  const answer = await waitFor(async () =>
    (await world.outbox('media.inputs_refreshed')).find((a) => a.command_message_id === messageId),
  );
  return answer.now_playing;
}

test("the main server's key: the sync fails naming secrets_unreadable, playback and now playing say so", async () => {
  await underOldKey('jellyfin');
  const run = await world.runTask('sync_media');
  expect(run.status).toBe('error');
  expect(run.error).toContain('secrets_unreadable');
  expect(await source('catalog', 'jellyfin')).toMatchObject({
    state: 'unavailable',
    reason: 'secrets_unreadable',
  });
  expect((await world.runTask('refresh_playback_history')).status).toBe('completed');
  expect(await source('playback', 'jellyfin')).toMatchObject({
    state: 'unavailable',
    reason: 'secrets_unreadable',
  });
  // Unknown, not "nothing playing": cleanup then deletes nothing.
  expect(await nowPlaying()).toBeNull();

  await enterKeyAgain('jellyfin');
  expect((await world.runTask('sync_media')).status).toBe('completed');
  expect(await source('catalog', 'jellyfin')).toMatchObject({ state: 'ok' });
  expect(await nowPlaying()).toEqual([]);
});
