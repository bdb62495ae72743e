import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Principal } from '@mcs/kit';
import { GatewayWorld, type Session } from './support/gateway';

/**
 * The gateway names the principal it forwards (kit internal-auth): a session user by display
 * name, else username; an API token by its name. A recording stand-in for cleanup answers an
 * empty page (valid for both protection lists) and keeps the principals it was sent.
 */
let cleanup: Server;
const received: Principal[] = [];
let world: GatewayWorld;
let admin: Session;

const EMPTY_PAGE = JSON.stringify({ items: [], total: 0, page: 1, per_page: 50, total_pages: 0 });

function principalOf(req: IncomingMessage): Principal {
  const header = req.headers['x-mcs-principal'] as string;
  return JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as Principal;
}

beforeAll(async () => {
  cleanup = createServer((req, res) => {
    received.push(principalOf(req));
    res.writeHead(200, { 'content-type': 'application/json' }).end(EMPTY_PAGE);
  });
  await new Promise<void>((resolve) => cleanup.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(cleanup.address() as { port: number }).port}`;
  world = await GatewayWorld.start({}, { cleanup: url });
  admin = await world.setup('admin');
});
afterAll(async () => {
  await world.stop();
  await new Promise((resolve) => cleanup.close(resolve));
});

/** The principal cleanup received for one request through the gateway. */
async function forwarded(path: string, auth: { session?: Session; token?: string }) {
  received.length = 0;
  const reply = await world.request('GET', path, auth);
  expect(reply.status).toBe(200);
  expect(received).toHaveLength(1);
  return received[0];
}

test('a session user is named by display name; a blank display name falls back to the username', async () => {
  await world.request('PUT', `/api/users/${admin.userId}`, {
    session: admin,
    body: { display_name: 'Ada Lovelace' },
  });
  expect(await forwarded('/api/protected', { session: admin })).toEqual({
    type: 'user',
    id: admin.userId,
    role: 'admin',
    name: 'Ada Lovelace',
  });
  // The contract requires a non-empty display name; a blank one can only come from the row.
  await world.db.user.update({ where: { id: BigInt(admin.userId) }, data: { displayName: ' ' } });
  expect(await forwarded('/api/protected', { session: admin })).toMatchObject({ name: 'admin' });
});

test('an API token is named by its name', async () => {
  const { id, token } = await world.token(admin, ['protections:read']);
  expect(await forwarded('/api/v1/protections', { token })).toEqual({
    type: 'api_token',
    id,
    scopes: ['protections:read'],
    name: 'token protections:read',
  });
});
