import { SecretBox } from '@mcs/kit';
import { CLOSED_PORT, publishSettings, TEST_ENCRYPTION_KEYS } from '@mcs/kit/testing';
import { expectProblem, GatewayWorld, type Session } from './support/gateway';
import { FakeOidcProvider } from './support/oidc-provider';

/** GET/PUT /api/settings/oidc (internal-api.md 6.3): admin only, the secret write-only. */
let world: GatewayWorld;
let provider: FakeOidcProvider;
let admin: Session;
let alice: Session;

const SECRET = 'the-client-secret-value';

beforeAll(async () => {
  provider = await FakeOidcProvider.start();
  // Log lines kept, to show the secret never reaches them.
  world = await GatewayWorld.start({}, {}, undefined, 'debug');
  admin = await world.setup();
  alice = await world.userSession(admin, 'alice');
});
afterAll(async () => {
  await world.stop();
  await provider.stop();
});

const read = () => world.request('GET', '/api/settings/oidc', { session: admin });
const put = (body: Record<string, unknown>, session = admin) =>
  world.request('PUT', '/api/settings/oidc', { session, body });

test('before anything is saved: the documented defaults and the redirect URI of this origin', async () => {
  const reply = await read();
  expect(reply.status).toBe(200);
  expect(reply.body).toEqual({
    enabled: false,
    issuer_url: null,
    client_id: null,
    client_secret_set: false,
    scopes: 'openid profile email',
    username_claim: 'preferred_username',
    groups_claim: null,
    admin_groups: [],
    auto_create_users: false,
    button_label: 'Log in with single sign-on',
    redirect_uri: `${world.url}/api/auth/oidc/callback`,
  });
});

test('only administrators: a user gets 403, no session 401', async () => {
  expectProblem(
    await world.request('GET', '/api/settings/oidc', { session: alice }),
    403,
    'forbidden',
  );
  expectProblem(await put({ enabled: false }, alice), 403, 'forbidden');
  expectProblem(await world.request('GET', '/api/settings/oidc'), 401, 'unauthenticated');
});

test('enabling with an unreachable issuer is 422 connection_failed and nothing changes', async () => {
  const before = (await read()).body;
  const reply = await put({
    enabled: true,
    issuer_url: `http://127.0.0.1:${CLOSED_PORT}/realms/home`,
    client_id: 'mcs',
    client_secret: SECRET,
  });
  expectProblem(reply, 422, 'connection_failed');
  expect(String(reply.body.detail)).toContain('/realms/home/.well-known/openid-configuration');
  expect((await read()).body).toEqual(before);
});

test('an issuer without a discovery document (404) is 422 connection_failed', async () => {
  const reply = await put({
    enabled: true,
    issuer_url: `${provider.issuer}/another`,
    client_id: 'mcs',
  });
  expectProblem(reply, 422, 'connection_failed');
});

test('invalid settings are 422 validation_failed naming each field', async () => {
  const reply = await put({
    enabled: true,
    scopes: 'profile email',
    issuer_url: 'ftp://idp.example',
  });
  expectProblem(reply, 422, 'validation_failed');
  expect((reply.body.errors as { name: string }[]).map((e) => e.name).sort()).toEqual([
    'client_id',
    'issuer_url',
    'scopes',
  ]);
  const credentials = await put({ issuer_url: 'https://user:pass@idp.example' });
  expect(credentials.body.errors).toEqual([expect.objectContaining({ name: 'issuer_url' })]);
  expectProblem(await put({ client_secret_sat: true }), 422, 'validation_failed');
});

test('the secret is write-only: never returned, stored sealed, in no log line', async () => {
  const reply = await put({
    enabled: true,
    issuer_url: provider.issuer,
    client_id: provider.clientId,
    client_secret: SECRET,
    groups_claim: 'groups',
    admin_groups: ['mcs-admins'],
    button_label: 'Sign in with Authentik',
  });
  expect(reply.status).toBe(200);
  expect(reply.body).toMatchObject({
    enabled: true,
    client_secret_set: true,
    button_label: 'Sign in with Authentik',
  });
  expect(reply.body).not.toHaveProperty('client_secret');
  expect(JSON.stringify((await read()).body)).not.toContain(SECRET);
  const [row] = await world.db.$queryRaw<{ sealed: string }[]>`
    SELECT client_secret_encrypted AS sealed FROM oidc_settings`;
  expect(row?.sealed).not.toContain(SECRET);
  expect(new SecretBox(TEST_ENCRYPTION_KEYS).open(row?.sealed ?? '')).toBe(SECRET);
  expect(JSON.stringify(world.logs)).not.toContain(SECRET);
  // Sent back as read (with the read-only fields), nothing changes and the secret stays.
  const again = await put({ ...(await read()).body, button_label: 'Sign in' });
  expect(again.body).toMatchObject({ client_secret_set: true, button_label: 'Sign in' });
  expect(
    new SecretBox(TEST_ENCRYPTION_KEYS).open(
      (await world.db.oidcSettings.findFirstOrThrow()).clientSecretSealed ?? '',
    ),
  ).toBe(SECRET);
});

test('null removes the secret (a public client with PKCE alone)', async () => {
  expect((await put({ client_secret: null })).body).toMatchObject({ client_secret_set: false });
  expect((await put({ client_secret: SECRET })).body).toMatchObject({ client_secret_set: true });
});

test('the login page sees the button without a session', async () => {
  const status = await world.request('GET', '/api/setup/status');
  expect(status.body.oidc).toEqual({ enabled: true, button_label: 'Sign in' });
});

test('with public_url set, the redirect URI is below it', async () => {
  const [gateway] = world.replicas;
  if (!gateway) throw new Error('no gateway');
  await publishSettings(gateway.runtime, 2, { public_url: 'https://mcs.example.org/media/' });
  expect((await read()).body.redirect_uri).toBe(
    'https://mcs.example.org/media/api/auth/oidc/callback',
  );
});
