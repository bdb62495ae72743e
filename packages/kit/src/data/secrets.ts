import { Client } from 'pg';

/**
 * The kit's own schema. Its `secrets` table once held deployment secrets generated on first
 * start; no service writes or reads it any more (docs/decisions/023): internal calls are signed
 * with per-service keys, and the encryption keys are never kept in the database they protect.
 * `pnpm start` moves a key an older install left there into its data directory (below).
 */
export const PLATFORM_SCHEMA = 'platform';

const UNDEFINED_DATABASE = '3D000';
const UNDEFINED_TABLE = '42P01';

/** The encryption key an earlier version generated into the database, or null. */
export async function legacyEncryptionKey(databaseUrl: string): Promise<string | null> {
  const rows = await platformQuery<{ value: string }>(
    databaseUrl,
    `SELECT value FROM ${PLATFORM_SCHEMA}.secrets WHERE name = 'encryption_key'`,
  );
  return rows[0]?.value ?? null;
}

/** Deletes the secrets earlier versions generated (once the encryption key is kept elsewhere). */
export async function forgetLegacySecrets(databaseUrl: string): Promise<void> {
  await platformQuery(
    databaseUrl,
    `DELETE FROM ${PLATFORM_SCHEMA}.secrets WHERE name IN ('encryption_key', 'internal_secret')`,
  );
}

/**
 * No rows when the database or the table does not exist yet (a first start). Any other failure
 * throws: a caller must never make a new key while an old one might still be in a database
 * that could not be read.
 */
async function platformQuery<T extends object>(databaseUrl: string, sql: string): Promise<T[]> {
  const client = new Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    return (await client.query<T>(sql)).rows;
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === UNDEFINED_DATABASE || code === UNDEFINED_TABLE) return [];
    throw new Error(
      `cannot check the database for an earlier encryption key: ${(error as Error).message}`,
    );
  } finally {
    await client.end().catch(() => undefined);
  }
}
