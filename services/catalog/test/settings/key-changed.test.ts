import { SecretBox } from '@mcs/kit';
import { ADMIN } from '../support/api';
import { useWorld } from '../support/world';

/**
 * After ENCRYPTION_KEYS changed, a service's stored API key no longer opens: every route that
 * would use it answers 409 `secrets_unreadable` (never a 500), a save that needs no key still
 * works, and entering the key again makes the service whole.
 */
const world = useWorld({ sim: { movies: 2, series: 1 } });
const otherKey = new SecretBox(['another-key-0123456789abcdef-0123']);

interface ServiceView {
  id: number;
  name: string;
  enabled: boolean;
  status: { state: string };
}

const save = (body: Record<string, unknown>) =>
  world.api<ServiceView>('POST', '/api/settings/save/service', { principal: ADMIN, body });

const radarr = (overrides: Record<string, unknown> = {}) => ({
  service_type: 'radarr',
  name: 'Radarr',
  base_url: world.sim.urls.radarr,
  enabled: true,
  ...overrides,
});

/** A Radarr saved with its key, then sealed under another ENCRYPTION_KEYS. */
async function radarrUnderOldKey(): Promise<number> {
  const created = await save(radarr({ api_key: world.sim.apiKeys.radarr }));
  expect(created.status).toBe(201);
  await world.service.db.serviceConfig.update({
    where: { id: BigInt(created.body.id) },
    data: { apiKeyEncrypted: otherKey.seal(world.sim.apiKeys.radarr) },
  });
  return created.body.id;
}

const stored = (id: number) =>
  world.service.db.serviceConfig.findUniqueOrThrow({ where: { id: BigInt(id) } });

test('saving an enabled service that keeps its unreadable key is 409 secrets_unreadable; nothing changes', async () => {
  const id = await radarrUnderOldKey();
  const before = await stored(id);
  const saved = await save(radarr({ id, name: 'Radarr renamed' }));
  expect(saved.status).toBe(409);
  expect(saved.body).toMatchObject({ status: 409, code: 'secrets_unreadable' });
  expect(saved.body.detail).toContain('API key');
  expect(saved.text).not.toContain(world.sim.apiKeys.radarr);
  expect(await stored(id)).toEqual(before);
});

test('saving it disabled needs no key, so it is saved', async () => {
  const id = await radarrUnderOldKey();
  const saved = await save(radarr({ id, enabled: false }));
  expect(saved.status).toBe(200);
  expect(saved.body).toMatchObject({ enabled: false, status: { state: 'disabled' } });
});

test('entering the key again makes it whole: tested, saved, and later saves keep it', async () => {
  const id = await radarrUnderOldKey();
  const entered = await save(radarr({ id, api_key: world.sim.apiKeys.radarr }));
  expect(entered.status).toBe(200);
  expect(entered.body.status.state).toBe('ok');
  const kept = await save(radarr({ id, name: 'Radarr again' }));
  expect(kept.status).toBe(200);
  expect(kept.body).toMatchObject({ name: 'Radarr again', status: { state: 'ok' } });
});
