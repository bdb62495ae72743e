import { SecretBox } from '@mcs/kit';
import {
  admin,
  createEndpoint,
  type EndpointWire,
  ENDPOINTS,
  type ProblemWire,
} from './support/admin';
import { useWorld } from './support/world';

/**
 * After ENCRYPTION_KEYS changed, an endpoint's sealed values no longer open: the management
 * routes still answer (never a 500), say so, refuse to test it, and let an administrator fix
 * it by entering the values again and rotating the secret.
 */
const world = useWorld();
const otherKey = new SecretBox(['another-key-0123456789abcdef-0123']);

async function endpointUnderOldKey() {
  const created = await createEndpoint(world, {
    headers: [{ name: 'X-Api-Key', value: 'header-value-123' }],
    auth_username: 'bob',
    auth_password: 'password-456',
  });
  await world.service.db.endpoint.update({
    where: { id: BigInt(created.id) },
    data: {
      signingSecretEncrypted: otherKey.seal(created.signing_secret),
      headersEncrypted: otherKey.seal('[{"name":"X-Api-Key","value":"header-value-123"}]'),
      authPasswordEncrypted: otherKey.seal('password-456'),
    },
  });
  return created;
}

test('list and read answer with secrets_readable false and the unreadable values absent', async () => {
  const created = await endpointUnderOldKey();
  const one = await admin<EndpointWire>(world, 'GET', `${ENDPOINTS}/${created.id}`);
  expect(one.status).toBe(200);
  expect(one.body).toMatchObject({ secrets_readable: false, headers: [], auth_username: 'bob' });
  const all = await admin<{ items: EndpointWire[] }>(world, 'GET', ENDPOINTS);
  expect(all.status).toBe(200);
  expect(all.body.items.find((e) => e.id === created.id)?.secrets_readable).toBe(false);
});

test('testing it is 409 secrets_unreadable; entering the values again and rotating makes it whole', async () => {
  const created = await endpointUnderOldKey();
  const path = `${ENDPOINTS}/${created.id}`;
  const test = await admin<ProblemWire>(world, 'POST', `${path}/test`, {});
  expect(test.status).toBe(409);
  expect(test.body.code).toBe('secrets_unreadable');

  const current = (await admin<EndpointWire>(world, 'GET', path)).body;
  const updated = await admin<EndpointWire>(world, 'PUT', path, {
    name: current.name,
    url: current.url,
    event_types: current.event_types,
    headers: [{ name: 'X-Api-Key', value: 'new-value' }],
    auth_username: 'bob',
    auth_password: 'new-password',
  });
  expect(updated.status).toBe(200);
  // The signing secret still needs its rotation.
  expect(updated.body.secrets_readable).toBe(false);
  const rotated = await admin<{ previous_secret_expires_at: string | null }>(
    world,
    'POST',
    `${path}/rotate-secret`,
    { grace_hours: 24 },
  );
  expect(rotated.status).toBe(200);
  // No grace period: the old secret cannot sign anything any more.
  expect(rotated.body.previous_secret_expires_at).toBeNull();
  const whole = (await admin<EndpointWire>(world, 'GET', path)).body;
  expect(whole).toMatchObject({ secrets_readable: true, auth_password_is_set: true });
  expect(whole.headers).toEqual([{ name: 'X-Api-Key', value: '********' }]);
});

test('deleting it works as for any endpoint', async () => {
  const created = await endpointUnderOldKey();
  const removed = await admin(world, 'DELETE', `${ENDPOINTS}/${created.id}`);
  expect(removed.status).toBe(204);
});
