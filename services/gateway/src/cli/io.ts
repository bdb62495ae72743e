import type { Readable } from 'node:stream';

/** What the CLI reads and writes; the entry point passes the process's own. */
export interface CliIo {
  env: Record<string, string | undefined>;
  stdin: Readable & { isTTY?: boolean };
  out: (text: string) => void;
  err: (text: string) => void;
}

/** A mistake in the invocation: exit code 2 with the message and a pointer to --help. */
export class UsageError extends Error {}

/** A failure to report without a stack trace: exit code 1. */
export class CliFailure extends Error {}
