import { AppError } from '@mcs/kit';
import type { UserRecord } from '../users/user.repository';
import type { Prepared } from './args';
import type { CliContext } from './context';
import { CliFailure, UsageError, type CliIo } from './io';
import { tokenTable } from './table';

/** Runs one prepared command against the gateway's services. */
export async function runCommand(command: Prepared, context: CliContext, io: CliIo): Promise<void> {
  switch (command.kind) {
    case 'create-admin':
      return createAdmin(command.username, command.password, context, io);
    case 'token-create': {
      const { record, token } = await asUsage(() =>
        context.tokens.create(
          { name: command.name, scopes: command.scopes, expires_at: command.expires },
          null,
        ),
      );
      io.out(`${token}\n`);
      io.err(
        `Created API token ${record.id} (prefix ${record.prefix}) "${record.name}" with scopes ` +
          `${record.scopes.join(', ')}; expires ${record.expiresAt?.toISOString() ?? 'never'}.\n` +
          'The token above is shown this once only; store it now.\n',
      );
      return;
    }
    case 'token-revoke': {
      const found = await context.tokens.find(command.target);
      if (!found) throw new CliFailure('No such API token.');
      const revoked = await context.tokens.revoke(found.id);
      const when = (revoked.revokedAt as Date).toISOString();
      io.out(
        found.revokedAt
          ? `API token ${revoked.id} (prefix ${revoked.prefix}) was already revoked at ${when}.\n`
          : `Revoked API token ${revoked.id} (prefix ${revoked.prefix}) at ${when}.\n`,
      );
      return;
    }
    case 'token-list':
      io.out(tokenTable(await context.tokens.list()));
      return;
  }
}

/**
 * The first administrator completes setup (as POST /api/setup would); later ones are ordinary
 * admin users. If another setup wins the race, this one becomes an additional administrator.
 */
async function createAdmin(
  username: string,
  password: string,
  context: CliContext,
  io: CliIo,
): Promise<void> {
  let user: UserRecord | undefined;
  if (!(await context.setup.isComplete())) {
    user = await context.setup
      .completeSetup({ username, password })
      .catch((error: unknown) => ignoreCode(error, 'setup_already_complete'));
  }
  const completedSetup = user !== undefined;
  user ??= await context.users
    .create({ username, password, role: 'admin' })
    .catch((error: unknown) => {
      throw error instanceof AppError && error.code === 'username_taken'
        ? new CliFailure(`The username ${username} is already taken.`)
        : error;
    });
  io.out(
    `Created administrator ${user.username} (id ${user.id})` +
      `${completedSetup ? '; first-run setup is complete' : ''}.\n`,
  );
}

function ignoreCode(error: unknown, code: string): undefined {
  if (error instanceof AppError && error.code === code) return undefined;
  throw error;
}

const OPTION: Record<string, string> = {
  name: '--name',
  scopes: '--scopes',
  expires_at: '--expires',
};

/** Invalid input found by a service (unknown scope, past expiry, ...) is a usage error. */
async function asUsage<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError && error.status === 422) {
      const fields = error.extra.errors ?? [];
      throw new UsageError(
        fields.length > 0
          ? fields.map((f) => `${OPTION[f.name] ?? f.name}: ${f.message}`).join(' ')
          : error.message,
      );
    }
    throw error;
  }
}
