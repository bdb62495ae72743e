import {
  admin,
  createEndpoint,
  endpointInput,
  ENDPOINTS,
  fieldsOf,
  type ProblemWire,
} from './support/admin';
import { type Receiver, startReceiver } from './delivery/receiver';
import { useWorld } from './support/world';

/**
 * A stored header value or password belongs to the origin it was entered for
 * (events-webhooks.md §3.2, decision 009): it never follows the URL to another host.
 */
const world = useWorld();
let oldHost: Receiver;
let newHost: Receiver;

beforeEach(async () => {
  oldHost = await startReceiver((_, response) => response.writeHead(204).end());
  newHost = await startReceiver((_, response) => response.writeHead(204).end());
});
afterEach(() => Promise.all([oldHost.close(), newHost.close()]));

const urlOf = (receiver: Receiver, path = '/hooks') => `http://127.0.0.1:${receiver.port}${path}`;
const OLD_SECRETS = ['key-entered-for-old-host', 'other-entered-for-old-host', 'pw-for-old-host'];
const MASKED = [
  { name: 'X-Api-Key', value: '********' },
  { name: 'X-Other', value: '********' },
];

async function endpointOnOldHost(): Promise<string> {
  const created = await createEndpoint(world, {
    url: urlOf(oldHost),
    headers: [
      { name: 'X-Api-Key', value: OLD_SECRETS[0] },
      { name: 'X-Other', value: OLD_SECRETS[1] },
    ],
    auth_username: 'bob',
    auth_password: OLD_SECRETS[2],
  });
  return `${ENDPOINTS}/${created.id}`;
}

/** Everything a receiver was sent, as one text. */
const everything = (receiver: Receiver) => JSON.stringify(receiver.received);

test('moving to another origin while keeping masked headers and the password is 422 naming each; nothing moves', async () => {
  const url = await endpointOnOldHost();
  const moved = await admin<ProblemWire>(world, 'PUT', url, {
    ...endpointInput({ url: urlOf(newHost), auth_username: 'bob' }),
    headers: MASKED,
  });
  expect(moved.status).toBe(422);
  expect(moved.headers.get('content-type')).toContain('application/problem+json');
  expect(moved.body.code).toBe('validation_failed');
  expect(fieldsOf(moved.body)).toEqual(['headers[0].value', 'headers[1].value', 'auth_password']);

  expect((await admin(world, 'POST', `${url}/test`)).status).toBe(200);
  expect(newHost.received).toHaveLength(0);
  expect(oldHost.received[0]?.headers['x-api-key']).toBe(OLD_SECRETS[0]);
});

test('secrets entered again or dropped let the endpoint move; the new host gets none of the old ones', async () => {
  const reentered = await endpointOnOldHost();
  const first = await admin(world, 'PUT', reentered, {
    ...endpointInput({ url: urlOf(newHost), auth_username: 'bob', auth_password: 'pw-new' }),
    headers: [{ name: 'X-Api-Key', value: 'key-new' }],
  });
  expect(first.status).toBe(200);
  const dropped = await endpointOnOldHost();
  const second = await admin(world, 'PUT', dropped, {
    ...endpointInput({ url: urlOf(newHost, '/other') }),
    headers: [],
  });
  expect(second.status).toBe(200);

  for (const url of [reentered, dropped])
    expect((await admin(world, 'POST', `${url}/test`)).status).toBe(200);
  expect(newHost.received).toHaveLength(2);
  expect(newHost.received[0]?.headers['x-api-key']).toBe('key-new');
  expect(newHost.received[0]?.headers.authorization).toBe(
    `Basic ${Buffer.from('bob:pw-new').toString('base64')}`,
  );
  expect(newHost.received[1]?.headers).not.toHaveProperty('authorization');
  for (const secret of OLD_SECRETS) expect(everything(newHost)).not.toContain(secret);
  expect(everything(newHost)).not.toContain(
    Buffer.from(`bob:${OLD_SECRETS[2]}`).toString('base64'),
  );
});

test('a new path on the same origin keeps the masked headers and the password', async () => {
  const url = await endpointOnOldHost();
  const moved = await admin(world, 'PUT', url, {
    ...endpointInput({ url: urlOf(oldHost, '/elsewhere'), auth_username: 'bob' }),
    headers: MASKED,
  });
  expect(moved.status).toBe(200);
  await admin(world, 'POST', `${url}/test`);
  const got = oldHost.received[0];
  expect(got?.url).toBe('/elsewhere');
  expect(got?.headers['x-other']).toBe(OLD_SECRETS[1]);
  expect(got?.headers.authorization).toBe(
    `Basic ${Buffer.from(`bob:${OLD_SECRETS[2]}`).toString('base64')}`,
  );
});
