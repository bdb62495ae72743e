import { parseArgs } from 'node:util';
import { UsageError } from './io';

export type Command =
  | { kind: 'help' }
  | { kind: 'create-admin'; username: string }
  | { kind: 'token-create'; name: string; scopes: string[]; expires: string | null }
  | { kind: 'token-revoke'; target: RevokeTarget }
  | { kind: 'token-list' };

/** A command with its input gathered, ready to run against the database. */
export type Prepared =
  | Exclude<Command, { kind: 'help' | 'create-admin' }>
  | { kind: 'create-admin'; username: string; password: string };

export const USAGE = `Media Cleanup Service operator CLI (gateway)

Usage:
  node services/gateway/dist/cli.js <command> [options]

Commands:
  create admin --username <name>
      Creates an administrator. Completes first-run setup when no administrator exists yet.
      The password is read from MCS_ADMIN_PASSWORD or else from the first line of stdin
      (8 to 128 characters; not the username, not a well-known or one-character password).
  token create --name <name> --scopes <scope,scope...> [--expires <RFC 3339 time>]
      Creates an API token and prints its plaintext on stdout, this once only; the
      details go to stderr. Scopes: system:read, media:read, candidates:read,
      candidates:manage, events:read, protections:read, protections:manage, tasks:read,
      tasks:run. Without --expires the token never expires (a time without an offset is UTC).
  token revoke <id | prefix>
      Revokes an API token (soft: it stays listed). A repeat keeps the first revocation time.
  token list
      Lists every API token: id, prefix, name, scopes, expiry, last use, revocation.
      Never shows a token or its digest.
  help, --help, -h
      Shows this text.

Configuration is read from the gateway's environment (DATABASE_URL, ...); the database is
created and migrated when needed. Neither Redis nor the broker is used, and no HTTP server is
started. A revocation's event waits in the outbox until a running gateway publishes it;
gateways read the revocation from the database once their token cache entry expires
(TOKEN_CACHE_TTL_MS, 1 s by default).

Exit codes: 0 done, 1 failed (database unreachable, name taken, token not found, ...),
2 usage error (unknown command or option, missing or invalid value), 78 invalid configuration.
`;

const USERNAME = /^[A-Za-z0-9._@-]{3,64}$/;
const INSTANT =
  /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,9})?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)?$/;

/** Turns argv (without node and the script) into one command, or throws a UsageError. */
export function parseCommand(argv: string[]): Command {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help || positionals[0] === 'help') return { kind: 'help' };
  const [group, action, ...rest] = positionals;
  const command = `${group ?? ''} ${action ?? ''}`.trim();
  const allowed = (names: string[], extra = 0) => {
    const unexpected = Object.keys(values).filter((n) => !names.includes(n));
    if (unexpected.length > 0)
      throw new UsageError(`${command} does not take --${unexpected.join(', --')}.`);
    if (rest.length > extra) throw new UsageError(`Unexpected argument: ${rest[extra]}.`);
  };
  switch (command) {
    case 'create admin': {
      allowed(['username']);
      const username = required(values.username, '--username');
      if (!USERNAME.test(username))
        throw new UsageError('--username must be 3 to 64 of letters, digits and ._@-');
      return { kind: 'create-admin', username };
    }
    case 'token create': {
      allowed(['name', 'scopes', 'expires']);
      const scopes = required(values.scopes, '--scopes')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      if (values.expires !== undefined && !INSTANT.test(values.expires))
        throw new UsageError('--expires must be an RFC 3339 time, e.g. 2027-01-31T00:00:00Z');
      return {
        kind: 'token-create',
        name: required(values.name, '--name'),
        scopes,
        expires: values.expires ?? null,
      };
    }
    case 'token revoke': {
      allowed([], 1);
      return { kind: 'token-revoke', target: revokeTarget(rest[0]) };
    }
    case 'token list':
      allowed([]);
      return { kind: 'token-list' };
    default:
      throw new UsageError(command ? `Unknown command: ${command}.` : 'No command given.');
  }
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      help: { type: 'boolean', short: 'h' },
      username: { type: 'string' },
      name: { type: 'string' },
      scopes: { type: 'string' },
      expires: { type: 'string' },
    },
  });
}

function required(value: string | undefined, option: string): string {
  if (value === undefined || value.trim() === '') throw new UsageError(`${option} is required.`);
  return value;
}

/** What `token revoke` names: a prefix, an id, or (twelve digits) either. */
export interface RevokeTarget {
  prefix?: string;
  id?: bigint;
}

function revokeTarget(value: string | undefined): RevokeTarget {
  if (value === undefined) throw new UsageError('token revoke needs a token id or prefix.');
  // A prefix is 12 hex characters and may be all digits, so twelve digits name either.
  const target: RevokeTarget = {};
  if (/^[0-9a-f]{12}$/.test(value)) target.prefix = value;
  if (/^[1-9]\d{0,15}$/.test(value)) target.id = BigInt(value);
  if (target.prefix === undefined && target.id === undefined)
    throw new UsageError(`${value} is neither a token id nor a 12-character token prefix.`);
  return target;
}
