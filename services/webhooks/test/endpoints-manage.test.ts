import {
  admin,
  createEndpoint,
  type CreatedWire,
  type EndpointWire,
  endpointInput,
  ENDPOINTS,
  fieldsOf,
  type ProblemWire,
} from './support/admin';
import { useWorld } from './support/world';

const world = useWorld();
const SECRET = /^whsec_[A-Za-z0-9+/]{43}=$/;

test('creating an endpoint answers 201 with the signing secret once, a Location and the defaults', async () => {
  const created = await admin<CreatedWire>(world, 'POST', ENDPOINTS, endpointInput());
  expect(created.status).toBe(201);
  expect(created.body.signing_secret).toMatch(SECRET);
  expect(created.headers.get('location')).toBe(`${ENDPOINTS}/${created.body.id}`);
  expect(created.body).toMatchObject({
    name: 'Home Assistant',
    enabled: true,
    method: 'POST',
    event_types: ['candidate.deleted'],
    media_types: ['movie', 'series'],
    timeout_seconds: 15,
    headers: [],
    auth_username: null,
    auth_password_is_set: false,
    path_mode: 'original',
    previous_secret_expires_at: null,
  });
  const one = await admin<EndpointWire>(world, 'GET', `${ENDPOINTS}/${created.body.id}`);
  const all = await admin<{ items: EndpointWire[] }>(world, 'GET', ENDPOINTS);
  expect(one.status).toBe(200);
  expect(one.body).not.toHaveProperty('signing_secret');
  for (const text of [one.text, all.text]) expect(text).not.toContain(created.body.signing_secret);
});

test('the secret, headers and password are stored encrypted, never in plain text', async () => {
  const created = await createEndpoint(world, {
    headers: [{ name: 'X-Api-Key', value: 'header-value-123' }],
    auth_username: 'bob',
    auth_password: 'password-456',
  });
  const row = await world.service.db.endpoint.findUniqueOrThrow({
    where: { id: BigInt(created.id) },
  });
  const stored = JSON.stringify(row, (_key, value: unknown) =>
    typeof value === 'bigint' ? String(value) : value,
  );
  for (const secret of ['header-value-123', 'password-456', created.signing_secret])
    expect(stored).not.toContain(secret);
});

test('event types come back in catalogue order without duplicates, the method uppercased', async () => {
  const created = await createEndpoint(world, {
    method: 'get',
    event_types: ['protection.removed', 'candidate.scheduled', 'protection.removed'],
  });
  expect(created.method).toBe('GET');
  expect(created.event_types).toEqual(['candidate.scheduled', 'protection.removed']);
});

test('the list is sorted by name case-insensitively, then id, without deleted endpoints', async () => {
  const names = ['zulu', 'Alpha', 'alpha', 'Mike', 'gone'];
  const ids: number[] = [];
  for (const name of names) ids.push((await createEndpoint(world, { name })).id);
  const gone = ids[4] ?? 0;
  expect((await admin(world, 'DELETE', `${ENDPOINTS}/${gone}`)).status).toBe(204);
  const list = await admin<{ items: EndpointWire[] }>(world, 'GET', ENDPOINTS);
  const mine = list.body.items.filter((item) => ids.includes(item.id));
  expect(mine.map((item) => item.name)).toEqual(['Alpha', 'alpha', 'Mike', 'zulu']);
  expect(mine[0]?.id).toBeLessThan(mine[1]?.id ?? 0);
});

test('a deleted or unknown endpoint is 404 on every management route', async () => {
  const { id } = await createEndpoint(world);
  expect((await admin(world, 'DELETE', `${ENDPOINTS}/${id}`)).status).toBe(204);
  const calls: [string, string, unknown?][] = [
    ['GET', `${ENDPOINTS}/${id}`],
    ['PUT', `${ENDPOINTS}/${id}`, endpointInput()],
    ['DELETE', `${ENDPOINTS}/${id}`],
    ['POST', `${ENDPOINTS}/${id}/test`, {}],
    ['POST', `${ENDPOINTS}/${id}/rotate-secret`, {}],
    ['GET', `${ENDPOINTS}/987654`],
  ];
  for (const [method, url, body] of calls) {
    const response = await admin<ProblemWire>(world, method, url, body);
    expect([method, url, response.status, response.body.code]).toEqual([
      method,
      url,
      404,
      'not_found',
    ]);
  }
});

test('reads mask header values and show auth_password_is_set, never the password', async () => {
  const created = await createEndpoint(world, {
    headers: [{ name: 'X-Api-Key', value: 'k-123' }],
    auth_username: 'bob',
    auth_password: 'pw-789',
  });
  const read = await admin<EndpointWire>(world, 'GET', `${ENDPOINTS}/${created.id}`);
  expect(read.body.headers).toEqual([{ name: 'X-Api-Key', value: '********' }]);
  expect(read.body.auth_password_is_set).toBe(true);
  expect(read.body).not.toHaveProperty('auth_password');
  expect(read.text).not.toContain('k-123');
  expect(read.text).not.toContain('pw-789');
});

test('an update replaces every field; an omitted password is kept, null clears it', async () => {
  const { id } = await createEndpoint(world, { auth_username: 'bob', auth_password: 'pw' });
  const url = `${ENDPOINTS}/${id}`;
  const kept = await admin<EndpointWire>(world, 'PUT', url, {
    ...endpointInput({ name: '  Renamed  ', auth_username: 'bob', timeout_seconds: 30 }),
  });
  expect(kept.status).toBe(200);
  expect(kept.body).toMatchObject({ name: 'Renamed', timeout_seconds: 30 });
  expect(kept.body.auth_password_is_set).toBe(true);
  const cleared = await admin<EndpointWire>(world, 'PUT', url, {
    ...endpointInput({ auth_username: 'bob', auth_password: null }),
  });
  expect(cleared.body.auth_password_is_set).toBe(false);
  const noUser = await admin<EndpointWire>(world, 'PUT', url, endpointInput());
  expect(noUser.body).toMatchObject({ auth_username: null, auth_password_is_set: false });
  expect(noUser.body.timeout_seconds).toBe(15);
});

test('a masked header value on update with nothing stored under that name is 422', async () => {
  const { id } = await createEndpoint(world);
  const response = await admin<ProblemWire>(
    world,
    'PUT',
    `${ENDPOINTS}/${id}`,
    endpointInput({ headers: [{ name: 'X-New', value: '********' }] }),
  );
  expect(response.status).toBe(422);
  expect(fieldsOf(response.body)).toEqual(['headers[0].value']);
});
