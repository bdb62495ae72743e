import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { UsageError, type CliIo } from './io';

/** The new administrator's password, read and checked before the database is touched. */
export async function adminPassword(username: string, io: CliIo): Promise<string> {
  const password = await readPassword(io.env, io.stdin);
  const problem = passwordProblem(password, username);
  if (problem) throw new UsageError(problem);
  return password;
}

/**
 * The new administrator's password: from MCS_ADMIN_PASSWORD, else the first line of stdin.
 * Never from an argument (it would sit in the shell history and the process list) and never
 * typed at a terminal (it would be echoed).
 */
export async function readPassword(
  env: Record<string, string | undefined>,
  stdin: Readable & { isTTY?: boolean },
): Promise<string> {
  const fromEnv = env.MCS_ADMIN_PASSWORD;
  if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
  if (stdin.isTTY) {
    throw new UsageError(
      'Give the password in MCS_ADMIN_PASSWORD or as the first line of stdin (not at a terminal).',
    );
  }
  const lines = createInterface({ input: stdin, crlfDelay: Infinity });
  let first: string | undefined;
  for await (const line of lines) {
    first = line;
    break;
  }
  lines.close();
  if (!first) throw new UsageError('No password given (MCS_ADMIN_PASSWORD or stdin).');
  return first;
}

const COMMON = new Set([
  'password',
  'password1',
  'passw0rd',
  '12345678',
  '123456789',
  '1234567890',
  '87654321',
  'qwertyui',
  'qwerty123',
  'iloveyou',
  'letmein1',
  'changeme',
  'admin123',
  'administrator',
  'abcdefgh',
]);

/** The API's length rule (8…128, internal-api.md 1.2) plus refusals of obviously weak ones. */
export function passwordProblem(password: string, username: string): string | undefined {
  const length = [...password].length;
  if (length < 8) return 'The password is too short (at least 8 characters).';
  if (length > 128) return 'The password is too long (at most 128 characters).';
  const lower = password.toLowerCase();
  if (lower === username.toLowerCase()) return 'The password must not be the username.';
  if (COMMON.has(lower)) return 'The password is too common.';
  if (new Set(password).size === 1) return 'The password must not repeat a single character.';
  return undefined;
}
