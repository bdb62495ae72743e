import { loadCliConfig } from '../config';
import type { Prepared } from './args';
import { runCommand } from './commands';
import { openContext, type CliContext } from './context';
import type { CliIo } from './io';

/**
 * Runs a prepared command against the database named by the gateway's configuration. Loaded
 * only once the invocation is known to be valid: the kit and the Prisma client take a while to
 * load, and --help or a usage error should answer at once.
 */
export async function run(command: Prepared, io: CliIo): Promise<void> {
  // Invalid configuration stops the process here with exit code 78, naming every bad variable.
  const config = loadCliConfig(io.env);
  let context: CliContext | undefined;
  try {
    context = await openContext(config);
    await runCommand(command, context, io);
  } finally {
    await context?.close().catch(() => undefined);
  }
}
