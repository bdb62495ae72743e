import { activeAlerts } from '../../src/alerts/alert.repository';
import { ADMIN, USER } from '../support/api';
import { useWorld } from '../support/world';

/** Settings > Services (internal-api.md 6.2; IA#15, IA#16); credentials at rest. */
const world = useWorld({ sim: { movies: 2, series: 1 } });

interface ServiceView {
  id: number;
  service_type: string;
  base_url: string;
  enabled: boolean;
  is_main: boolean;
  api_key_set: boolean;
  libraries: { id: number; name: string; media_type: string; enabled: boolean }[];
  status: { state: string };
}

const save = (body: Record<string, unknown>, principal = ADMIN) =>
  world.api<ServiceView>('POST', '/api/settings/save/service', { principal, body });
const list = () =>
  world.api<{ items: ServiceView[]; has_main_server: boolean }>('GET', '/api/settings/services', {
    principal: ADMIN,
  });
const UNREACHABLE = 'http://127.0.0.1:9/radarr';

test('IA#15: a disabled service saves without contacting it; enabling it must connect, else nothing changes', async () => {
  const created = await save({
    service_type: 'radarr',
    name: 'Radarr 4K',
    base_url: world.sim.urls.radarr,
    api_key: world.sim.apiKeys.radarr,
    enabled: true,
  });
  expect(created.status).toBe(201);
  expect(created.body).toMatchObject({ enabled: true, api_key_set: true, status: { state: 'ok' } });
  // Another origin needs the key again (the stored one never follows the URL elsewhere).
  const disabled = await save({
    id: created.body.id,
    service_type: 'radarr',
    name: 'Radarr 4K',
    base_url: UNREACHABLE,
    api_key: world.sim.apiKeys.radarr,
    enabled: false,
  });
  expect(disabled.status).toBe(200);
  expect(disabled.body).toMatchObject({
    enabled: false,
    base_url: UNREACHABLE,
    status: { state: 'disabled' },
  });
  const before = (await list()).body.items.find((s) => s.id === created.body.id);
  const enabling = await save({
    id: created.body.id,
    service_type: 'radarr',
    name: 'Renamed',
    base_url: UNREACHABLE,
    enabled: true,
  });
  expect(enabling.status).toBe(422);
  expect(enabling.body).toMatchObject({ code: 'connection_failed' });
  expect(enabling.body.detail).toContain('unreachable');
  expect((await list()).body.items.find((s) => s.id === created.body.id)).toEqual(before);
  const badKey = await save({
    service_type: 'sonarr',
    name: 'Sonarr',
    base_url: world.sim.urls.sonarr,
    api_key: 'wrong',
    enabled: true,
  });
  expect(badKey.body).toMatchObject({ status: 422, code: 'connection_failed' });
  expect(badKey.body.detail).toContain('unauthorized');
});

test('IA#16: the only main server cannot be deleted until another one is made main', async () => {
  const jellyfin = await save({
    service_type: 'jellyfin',
    name: 'Jellyfin',
    base_url: world.sim.urls.jellyfin,
    api_key: world.sim.apiKeys.jellyfin,
    enabled: true,
    is_main: true,
  });
  expect(jellyfin.body).toMatchObject({
    is_main: true,
    libraries: [
      expect.objectContaining({ media_type: 'movie', enabled: true }),
      expect.objectContaining({ media_type: 'series' }),
    ],
  });
  expect((await list()).body.has_main_server).toBe(true);
  const refused = await world.api('DELETE', `/api/settings/service/${jellyfin.body.id}`, {
    principal: ADMIN,
  });
  expect(refused.status).toBe(409);
  expect(refused.body.code).toBe('main_server_required');
  const demote = await save({
    id: jellyfin.body.id,
    service_type: 'jellyfin',
    name: 'Jellyfin',
    base_url: world.sim.urls.jellyfin,
    enabled: true,
    is_main: false,
  });
  expect(demote.body.code).toBe('main_server_conflict');
  const plex = await save({
    service_type: 'plex',
    name: 'Plex',
    base_url: world.sim.urls.plex,
    api_key: world.sim.apiKeys.plex,
    enabled: true,
    is_main: true,
  });
  expect(plex.status).toBe(201);
  expect((await list()).body.items.find((s) => s.id === jellyfin.body.id)?.is_main).toBe(false);
  expect(await activeAlerts(world.service.db, 'main_server_changed')).toHaveLength(1);
  const deleted = await world.api('DELETE', `/api/settings/service/${jellyfin.body.id}`, {
    principal: ADMIN,
  });
  expect(deleted).toMatchObject({ status: 200, body: { deleted: true, id: jellyfin.body.id } });
  expect(
    (await world.api('DELETE', `/api/settings/service/${jellyfin.body.id}`, { principal: ADMIN }))
      .status,
  ).toBe(404);
});

test('library flags are applied without a connection test; unknown library ids are 422', async () => {
  const plex = (await list()).body.items.find((s) => s.service_type === 'plex') as ServiceView;
  const [first] = plex.libraries;
  const saved = await save({
    id: plex.id,
    service_type: 'plex',
    name: 'Plex',
    base_url: world.sim.urls.plex,
    enabled: true,
    is_main: true,
    libraries: [{ id: first?.id, enabled: false }],
  });
  expect(saved.body.libraries.find((l) => l.id === first?.id)?.enabled).toBe(false);
  const unknown = await save({
    id: plex.id,
    service_type: 'plex',
    name: 'Plex',
    base_url: world.sim.urls.plex,
    enabled: true,
    libraries: [{ id: 999999, enabled: false }],
  });
  expect(unknown.body.code).toBe('validation_failed');
});

test('the API key is encrypted at rest, never returned, and kept when omitted on update', async () => {
  const key = world.sim.apiKeys.seerr;
  const created = await save({
    service_type: 'seerr',
    name: 'Seerr',
    base_url: world.sim.urls.seerr,
    api_key: key,
    enabled: true,
  });
  expect(created.status).toBe(201);
  expect(created.text).not.toContain(key);
  expect((await list()).text).not.toContain(key);
  // Omitting the key keeps the stored one (the connection test passes with it).
  const updated = await save({
    id: created.body.id,
    service_type: 'seerr',
    name: 'Seerr',
    base_url: world.sim.urls.seerr,
    enabled: true,
  });
  expect(updated.status).toBe(200);
  const columns = await world.service.db.$queryRaw<{ table_name: string; column_name: string }[]>`
    SELECT table_name, column_name FROM information_schema.columns
     WHERE table_schema = 'catalog' AND data_type IN ('text', 'jsonb', 'character varying', 'ARRAY')`;
  for (const { table_name: table, column_name: column } of columns) {
    const [hit] = await world.service.db.$queryRawUnsafe<{ n: bigint }[]>(
      `SELECT count(*) AS n FROM catalog."${table}" WHERE "${column}"::text LIKE $1`,
      `%${key}%`,
    );
    expect([`${table}.${column}`, Number(hit?.n)]).toEqual([`${table}.${column}`, 0]);
  }
});

test('validation and roles: only admins; is_main only for media servers; bad input is 422', async () => {
  expect((await world.api('GET', '/api/settings/services', { principal: USER })).status).toBe(403);
  expect((await save({ service_type: 'radarr' }, USER)).status).toBe(403);
  const notMain = await save({
    service_type: 'radarr',
    name: 'R',
    base_url: UNREACHABLE,
    api_key: 'k',
    enabled: false,
    is_main: true,
  });
  expect(notMain.body).toMatchObject({
    status: 422,
    errors: [expect.objectContaining({ name: 'is_main' })],
  });
  const invalid = await save({
    service_type: 'ftp',
    name: '',
    base_url: 'not a url',
    enabled: 'yes',
    timeout_seconds: 1,
  });
  expect(invalid.status).toBe(422);
  expect(invalid.body.errors?.map((e) => e.name).sort()).toEqual([
    'base_url',
    'enabled',
    'name',
    'service_type',
    'timeout_seconds',
  ]);
  expect(
    (
      await save({
        id: 424242,
        service_type: 'radarr',
        name: 'R',
        base_url: UNREACHABLE,
        enabled: false,
      })
    ).status,
  ).toBe(404);
});
