import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { waitFor } from '@mcs/kit/testing';
import { expectProblem, GatewayWorld, type Session } from './support/gateway';

/**
 * The operator CLI (issue 3 point 3), run as operators run it: the built
 * services/gateway/dist/cli.js in its own process (`pnpm build` first), pointed at the
 * database of a running gateway, with Redis and the broker unreachable (it needs neither).
 */

const CLI = join(__dirname, '..', 'dist', 'cli.js');
const TOKEN = /^mcs_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function cli(
  world: GatewayWorld,
  args: string[],
  options: { stdin?: string; env?: Record<string, string> } = {},
): Promise<Run> {
  const env = {
    PATH: process.env.PATH ?? '',
    DATABASE_URL: world.env.databaseUrl,
    REDIS_URL: 'redis://127.0.0.1:1',
    AMQP_URL: 'amqp://127.0.0.1:1',
    ...options.env,
  };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { env });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.stdin ?? '');
  });
}

beforeAll(() => {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run "pnpm build" first`);
});

describe('create admin', () => {
  let world: GatewayWorld;
  beforeAll(async () => {
    world = await GatewayWorld.start();
  });
  afterAll(() => world.stop());

  test('usage errors → exit 2 with a message on stderr; --help → exit 0', async () => {
    const help = await cli(world, ['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('token create --name');
    const mistakes: [string[], RegExp][] = [
      [[], /No command/],
      [['frobnicate'], /Unknown command/],
      [['create', 'admin'], /--username is required/],
      [['create', 'admin', '--username', 'a b'], /--username must be/],
      [['create', 'admin', '--username', 'ok', '--scopes', 'x'], /does not take --scopes/],
      [['token', 'create', '--name', 'n'], /--scopes is required/],
      [['token', 'create', '--name', 'n', '--scopes', 'tasks:read', '--bogus'], /bogus/],
      [
        ['token', 'create', '--name', 'n', '--scopes', 'tasks:read', '--expires', 'soon'],
        /--expires/,
      ],
      [['token', 'revoke'], /id or prefix/],
      [['token', 'revoke', 'xyz'], /neither a token id nor/],
      [['token', 'list', 'extra'], /Unexpected argument/],
    ];
    for (const [args, message] of mistakes) {
      const run = await cli(world, args);
      expect({ args, code: run.code }).toEqual({ args, code: 2 });
      expect(run.stderr).toMatch(message);
    }
  });

  test('weak, short or missing passwords are refused (exit 2) and nothing is created', async () => {
    for (const password of ['short', 'rootadmin', 'password', 'aaaaaaaaaa', 'x'.repeat(129)]) {
      const run = await cli(world, ['create', 'admin', '--username', 'rootadmin'], {
        stdin: `${password}\n`,
      });
      expect({ password, code: run.code }).toEqual({ password, code: 2 });
      expect(run.stderr).toMatch(/password/i);
    }
    expect((await cli(world, ['create', 'admin', '--username', 'rootadmin'])).code).toBe(2);
    expect((await world.request('GET', '/api/setup/status')).body.setup_complete).toBe(false);
  });

  test('on a fresh install it completes setup; the admin can log in through the gateway', async () => {
    const run = await cli(world, ['create', 'admin', '--username', 'rootadmin'], {
      stdin: 'correct horse battery\nignored second line\n',
    });
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toMatch(/Created administrator rootadmin .*setup is complete/);
    expect(run.stdout).not.toContain('correct horse battery');
    expect((await world.request('GET', '/api/setup/status')).body.setup_complete).toBe(true);
    const session = await world.login('rootadmin', 'correct horse battery');
    const me = await world.request('GET', '/api/auth/me', { session });
    expect(me.body.user).toMatchObject({ username: 'rootadmin', role: 'admin' });
  });

  test('after setup it creates an additional admin (password from MCS_ADMIN_PASSWORD); a taken name → exit 1', async () => {
    const env = { MCS_ADMIN_PASSWORD: 'recovery password 2' };
    const run = await cli(world, ['create', 'admin', '--username', 'recovery'], { env });
    expect(run.code).toBe(0);
    expect(run.stdout).not.toMatch(/setup/);
    const session = await world.login('recovery', 'recovery password 2');
    const me = await world.request('GET', '/api/auth/me', { session });
    expect(me.body.user).toMatchObject({ username: 'recovery', role: 'admin' });
    const taken = await cli(world, ['create', 'admin', '--username', 'RECOVERY'], { env });
    expect(taken.code).toBe(1);
    expect(taken.stderr).toMatch(/already taken/);
  });
});

describe('tokens', () => {
  let world: GatewayWorld;
  let admin: Session;
  beforeAll(async () => {
    world = await GatewayWorld.start();
    admin = await world.setup();
  });
  afterAll(() => world.stop());

  test('token create prints only the plaintext token on stdout; it works on /api/v1 of the gateway', async () => {
    const run = await cli(world, [
      'token',
      'create',
      '--name',
      'nightly export',
      '--scopes',
      'tasks:run,events:read',
      '--expires',
      '2099-01-01T00:00:00Z',
    ]);
    expect(run.code).toBe(0);
    const token = run.stdout.trimEnd();
    expect(run.stdout).toBe(`${token}\n`);
    expect(token).toMatch(TOKEN);
    expect(run.stderr).toContain(token.slice(4, 16));
    expect(run.stderr).not.toContain(token.slice(17));
    const discovery = await world.request('GET', '/api/v1', { token });
    expect(discovery.status).toBe(200);
    expect(discovery.body.granted_scopes).toEqual(['events:read', 'tasks:run']);
    // The admin UI lists it too, with no creating user.
    const listed = await world.request('GET', '/api/settings/integrations/api-tokens', {
      session: admin,
    });
    expect(listed.body.items).toEqual([
      expect.objectContaining({
        token_prefix: token.slice(4, 16),
        name: 'nightly export',
        expires_at: '2099-01-01T00:00:00.000Z',
        created_by: null,
      }),
    ]);
    const invalid = await cli(world, ['token', 'create', '--name', 'x', '--scopes', 'root:all']);
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toMatch(/--scopes: Unknown scope root:all/);
  });

  test('token list shows id, prefix, name, scopes, expiry, use and revocation, never secrets', async () => {
    const token = (
      await cli(world, ['token', 'create', '--name', 'listed', '--scopes', 'media:read'])
    ).stdout.trim();
    await world.request('GET', '/api/v1', { token });
    const run = await cli(world, ['token', 'list']);
    expect(run.code).toBe(0);
    const [header, ...rows] = run.stdout.trimEnd().split('\n');
    expect(header?.split(/\s{2,}/)).toEqual([
      'ID',
      'PREFIX',
      'NAME',
      'SCOPES',
      'EXPIRES',
      'LAST USED',
      'REVOKED',
    ]);
    const row = rows.find((r) => r.includes(token.slice(4, 16)));
    expect(row).toMatch(/^\d+\s+[0-9a-f]{12}\s+listed\s+media:read\s+-\s+/);
    expect(run.stdout).not.toContain(token.slice(17));
    expect(run.stdout).not.toContain(createHash('sha256').update(token).digest('hex'));
  });

  test('token revoke (by prefix or id) → the gateway answers 401 token_revoked; the running gateway publishes the event', async () => {
    const token = (
      await cli(world, ['token', 'create', '--name', 'leaked', '--scopes', 'system:read'])
    ).stdout.trim();
    expect((await world.request('GET', '/api/v1', { token })).status).toBe(200);
    const run = await cli(world, ['token', 'revoke', token.slice(4, 16)]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Revoked API token \d+/);
    const reply = await waitFor(
      async () => {
        const r = await world.request('GET', '/api/v1', { token });
        return r.status === 401 && r;
      },
      { what: 'the gateway to refuse the revoked token' },
    );
    expectProblem(reply, 401, 'token_revoked');
    // The CLI has no relay: its outbox row is published by the running gateway's relay.
    await waitFor(
      async () =>
        (
          await world.db.outboxMessage.findMany({
            where: { routingKey: 'gateway.api_token_revoked', publishedAt: { not: null } },
          })
        ).some((m) => (m.payload as { prefix?: string }).prefix === token.slice(4, 16)),
      { what: 'the revocation event to be published' },
    );
    const id = /API token (\d+)/.exec(run.stdout)?.[1] as string;
    const again = await cli(world, ['token', 'revoke', id]);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/already revoked/);
    const unknown = await cli(world, ['token', 'revoke', '999999']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/No such API token/);
  });

  test('token revoke: a prefix of twelve digits is a prefix (hex may be all digits), not an id', async () => {
    await cli(world, ['token', 'create', '--name', 'digits', '--scopes', 'system:read']);
    // One in about 300 prefixes is all digits; this one is made so.
    await world.db.apiToken.updateMany({
      where: { name: 'digits' },
      data: { prefix: '123456789012' },
    });
    const run = await cli(world, ['token', 'revoke', '123456789012']);
    expect(run.stdout).toMatch(/^Revoked API token \d+ \(prefix 123456789012\)/);
    expect(run.code).toBe(0);
  });
});
