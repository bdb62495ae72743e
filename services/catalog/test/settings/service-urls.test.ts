import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SERVICE_TYPES } from '../../src/domain/service-config';
import { ADMIN } from '../support/api';
import { useWorld } from '../support/world';

/**
 * Where a stored API key may go (issue 11): a changed origin needs the key again, URLs with
 * credentials are refused, and link-local or cloud metadata addresses are never a service.
 */
const world = useWorld({ sim: { movies: 1, series: 1 } });

interface ServiceView {
  id: number;
  base_url: string;
  api_key_set: boolean;
}

const save = (body: Record<string, unknown>) =>
  world.api<ServiceView>('POST', '/api/settings/save/service', { principal: ADMIN, body });
const row = (id: number) =>
  world.service.db.serviceConfig.findUnique({ where: { id: BigInt(id) } });
const radarr = (fields: Record<string, unknown>) =>
  save({ service_type: 'radarr', name: 'Radarr', enabled: false, ...fields });
const fieldsOf = (body: { errors?: { name: string }[] }) => body.errors?.map((e) => e.name);

/** A server on a new origin that records what reaches it (it should be nothing). */
const elsewhere = { url: '', seen: [] as http.IncomingHttpHeaders[] };
const recorder = http.createServer((req, res) => {
  elsewhere.seen.push(req.headers);
  res.writeHead(404).end();
});
beforeAll(async () => {
  await new Promise<void>((resolve) => recorder.listen(0, '127.0.0.1', resolve));
  elsewhere.url = `http://127.0.0.1:${(recorder.address() as AddressInfo).port}`;
});
afterAll(async () => {
  recorder.closeAllConnections();
  await new Promise<void>((resolve) => recorder.close(() => resolve()));
});

test('when the base URL moves to another origin without the key, the save is 422 and the stored key goes nowhere', async () => {
  const created = await radarr({
    base_url: world.sim.urls.radarr,
    api_key: world.sim.apiKeys.radarr,
    enabled: true,
  });
  expect(created.status).toBe(201);
  const before = await row(created.body.id);
  for (const enabled of [true, false]) {
    const moved = await radarr({
      id: created.body.id,
      base_url: `${elsewhere.url}/radarr`,
      enabled,
    });
    expect(elsewhere.seen).toEqual([]);
    expect(moved.status).toBe(422);
    expect(moved.body).toMatchObject({ code: 'validation_failed' });
    expect(fieldsOf(moved.body)).toEqual(['api_key']);
  }
  expect(await row(created.body.id)).toEqual(before);

  // Same server under another host name is another origin: with the key it is accepted.
  const simPort = new URL(world.sim.urls.radarr).port;
  const withKey = await radarr({
    id: created.body.id,
    base_url: `http://localhost:${simPort}/radarr`,
    api_key: world.sim.apiKeys.radarr,
    enabled: true,
  });
  expect(withKey.status).toBe(200);
  expect(withKey.body).toMatchObject({ base_url: `http://localhost:${simPort}/radarr` });
});

test('a change of path only, or of the spelling of the same origin, keeps the stored key', async () => {
  const created = await radarr({ base_url: 'http://radarr.lan/', api_key: 'stored-key' });
  expect(created.status).toBe(201);
  const sealed = (await row(created.body.id))?.apiKeyEncrypted;
  for (const base_url of ['http://radarr.lan:80/radarr', 'HTTP://Radarr.LAN/v3/']) {
    const kept = await radarr({ id: created.body.id, base_url });
    expect([base_url, kept.status]).toEqual([base_url, 200]);
    expect((await row(created.body.id))?.apiKeyEncrypted).toBe(sealed);
  }
  for (const base_url of [
    'https://radarr.lan/radarr',
    'http://radarr.lan:7878/radarr',
    'http://radarr.lan.example/radarr',
  ]) {
    const moved = await radarr({ id: created.body.id, base_url });
    expect([base_url, moved.status, fieldsOf(moved.body)]).toEqual([base_url, 422, ['api_key']]);
  }
  expect((await row(created.body.id))?.baseUrl).toBe('HTTP://Radarr.LAN/v3/');

  // Back on the real server by path only: the kept key still connects.
  const sim = await radarr({ base_url: world.sim.urls.radarr, api_key: world.sim.apiKeys.radarr });
  const { origin } = new URL(world.sim.urls.radarr);
  await radarr({ id: sim.body.id, base_url: `${origin}/elsewhere` });
  const back = await radarr({ id: sim.body.id, base_url: world.sim.urls.radarr, enabled: true });
  expect(back.status).toBe(200);
});

test('a base URL with a user name or password is refused for every service type, on create and update', async () => {
  for (const service_type of SERVICE_TYPES) {
    for (const base_url of [
      'http://user:pass@127.0.0.1:9/',
      'https://user@media.lan/',
      'http://:secret@media.lan:8096/',
    ]) {
      const created = await save({
        service_type,
        name: 'S',
        base_url,
        api_key: 'k',
        enabled: false,
      });
      expect([service_type, base_url, created.status]).toEqual([service_type, base_url, 422]);
      expect(fieldsOf(created.body)).toEqual(['base_url']);
    }
  }
  const existing = await radarr({ base_url: 'http://media.lan:7878/', api_key: 'k' });
  const before = await row(existing.body.id);
  const updated = await radarr({
    id: existing.body.id,
    base_url: 'http://alice:hunter2@media.lan:7878/',
    api_key: 'k',
  });
  expect(updated.status).toBe(422);
  expect(fieldsOf(updated.body)).toEqual(['base_url']);
  expect(updated.text).not.toContain('hunter2');
  expect(await row(existing.body.id)).toEqual(before);
});

test('link-local and cloud metadata addresses are refused in every spelling; private networks are not', async () => {
  for (const base_url of [
    'http://169.254.169.254/latest/meta-data/',
    'http://169.254.0.1:7878/',
    'http://2852039166/',
    'http://0xa9.0xfe.0xa9.0xfe/',
    'http://169.254.169.254./',
    'http://[fe80::1]:8096/',
    'http://[fd00:ec2::254]/',
    'http://[::ffff:169.254.169.254]/',
    'http://[::ffff:a9fe:1]/',
    'http://[64:ff9b::169.254.169.254]/',
    'http://100.100.100.200/',
    'http://metadata.google.internal/',
  ]) {
    const created = await radarr({ base_url, api_key: 'k' });
    expect([base_url, created.status, fieldsOf(created.body)]).toEqual([
      base_url,
      422,
      ['base_url'],
    ]);
  }
  const existing = await radarr({ base_url: 'http://192.168.1.10:7878/', api_key: 'k' });
  expect(existing.status).toBe(201);
  const before = await row(existing.body.id);
  const updated = await radarr({
    id: existing.body.id,
    base_url: 'http://[fe80::1]:7878/',
    api_key: 'k',
  });
  expect([updated.status, fieldsOf(updated.body)]).toEqual([422, ['base_url']]);
  expect(await row(existing.body.id)).toEqual(before);
  for (const base_url of ['http://10.0.0.5:8989/', 'http://[fd00::5]:8096/', 'http://localhost:1/'])
    expect((await radarr({ base_url, api_key: 'k' })).status).toBe(201);
});
