import { randomBytes } from 'node:crypto';

/** A short unique name for one test file's database, broker namespace and Redis prefix. */
export function uniqueName(prefix: string): string {
  return `${prefix}${randomBytes(5).toString('hex')}`;
}

export const TEST_DATABASE_PREFIX = 'mcs_t_';
