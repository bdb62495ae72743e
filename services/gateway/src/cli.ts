/**
 * Operator CLI of the gateway, for automation and recovery (issue 3): create an administrator
 * (completing first-run setup if needed) and create, revoke and list API tokens from a shell,
 * through the same services the HTTP routes use. Run `node services/gateway/dist/cli.js --help`.
 */
import { parseCommand, USAGE, type Prepared } from './cli/args';
import { CliFailure, UsageError, type CliIo } from './cli/io';
import { adminPassword } from './cli/password';

/** Runs the CLI; resolves to the exit code (0 done, 1 failed, 2 usage error). */
export async function main(argv: string[], io: CliIo): Promise<number> {
  try {
    const command = parseCommand(argv);
    if (command.kind === 'help') {
      io.out(USAGE);
      return 0;
    }
    const prepared: Prepared =
      command.kind === 'create-admin'
        ? { ...command, password: await adminPassword(command.username, io) }
        : command;
    const { run } = await import('./cli/run.js');
    await run(prepared, io);
    return 0;
  } catch (error) {
    return report(error, io);
  }
}

function report(error: unknown, io: CliIo): number {
  if (error instanceof UsageError) {
    io.err(`${error.message}\nRun with --help for usage.\n`);
    return 2;
  }
  io.err(`${error instanceof CliFailure ? '' : 'Failed: '}${(error as Error).message}\n`);
  return 1;
}

if (require.main === module) {
  // The entry point hands the environment over once: configuration to loadConfig(), and the
  // one-shot MCS_ADMIN_PASSWORD input to `create admin`.
  void main(process.argv.slice(2), {
    env: process.env,
    stdin: process.stdin,
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
  }).then((code) => {
    process.exitCode = code;
  });
}
