import { randomBytes } from 'node:crypto';
import type { Pool } from 'pg';

export const PLATFORM_SCHEMA = 'platform';

/**
 * Returns the deployment secret `name`, generating it on first start. The first replica to
 * insert wins; every other replica (and every later start) reads the same value.
 */
export async function loadOrCreateSecret(pool: Pool, name: string, bytes = 32): Promise<string> {
  await pool.query(
    `INSERT INTO ${PLATFORM_SCHEMA}.secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`,
    [name, randomBytes(bytes).toString('base64url')],
  );
  const { rows } = await pool.query<{ value: string }>(
    `SELECT value FROM ${PLATFORM_SCHEMA}.secrets WHERE name = $1`,
    [name],
  );
  return (rows[0] as { value: string }).value;
}
