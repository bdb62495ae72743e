import { createHash, randomUUID } from 'node:crypto';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { ident } from './database';

/**
 * Applies SQL migrations kept in Prisma's folder layout (prisma/migrations/<ts>_<name>/
 * migration.sql) and records them in Prisma's own `_prisma_migrations` table, so
 * `prisma migrate deploy` keeps working wherever Prisma's schema engine can be downloaded.
 * A session advisory lock per schema lets several replicas start at once safely.
 */
export interface MigrationSource {
  schema: string;
  directory: string;
}

export interface AppliedMigration {
  schema: string;
  name: string;
}

const PRISMA_MIGRATIONS_TABLE = `
  CREATE TABLE IF NOT EXISTS _prisma_migrations (
    id                  VARCHAR(36) PRIMARY KEY NOT NULL,
    checksum            VARCHAR(64) NOT NULL,
    finished_at         TIMESTAMPTZ,
    migration_name      VARCHAR(255) NOT NULL,
    logs                TEXT,
    rolled_back_at      TIMESTAMPTZ,
    started_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    applied_steps_count INTEGER NOT NULL DEFAULT 0
  )`;

export function listMigrations(
  directory: string,
): { name: string; sql: string; checksum: string }[] {
  if (!existsSync(directory)) return [];
  return readdirSync(directory, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(join(directory, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    });
}

/** Creates the database named in `url` when it does not exist yet (first start). */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount === 0) {
      await client.query(`CREATE DATABASE ${ident(name)}`).catch((error: { code?: string }) => {
        // Another service created it between our check and our create.
        if (error.code !== '42P04' && error.code !== '23505') throw error;
      });
    }
  } finally {
    await client.end();
  }
}

function lockKey(schema: string): number {
  return createHash('sha256').update(`mcs-migrate:${schema}`).digest().readInt32BE(0);
}

export async function migrate(
  url: string,
  sources: MigrationSource[],
): Promise<AppliedMigration[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  const applied: AppliedMigration[] = [];
  try {
    for (const source of sources) {
      applied.push(...(await migrateSchema(client, source)));
    }
  } finally {
    await client.end();
  }
  return applied;
}

async function migrateSchema(client: Client, source: MigrationSource): Promise<AppliedMigration[]> {
  const key = lockKey(source.schema);
  await client.query('SELECT pg_advisory_lock($1)', [key]);
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${ident(source.schema)}`);
    await client.query(`SET search_path TO ${ident(source.schema)}`);
    await client.query(PRISMA_MIGRATIONS_TABLE);
    const { rows } = await client.query<{ migration_name: string; checksum: string }>(
      'SELECT migration_name, checksum FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL',
    );
    const done = new Map(rows.map((row) => [row.migration_name, row.checksum]));
    const applied: AppliedMigration[] = [];
    for (const migration of listMigrations(source.directory)) {
      const checksum = done.get(migration.name);
      if (checksum !== undefined) {
        if (checksum !== migration.checksum) {
          throw new Error(
            `Migration ${source.schema}/${migration.name} was changed after it was applied.`,
          );
        }
        continue;
      }
      await client.query('BEGIN');
      try {
        await client.query(migration.sql);
        await client.query(
          `INSERT INTO _prisma_migrations (id, checksum, finished_at, migration_name, applied_steps_count)
           VALUES ($1, $2, now(), $3, 1)`,
          [randomUUID(), migration.checksum, migration.name],
        );
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(
          `Migration ${source.schema}/${migration.name} failed: ${(error as Error).message}`,
        );
      }
      applied.push({ schema: source.schema, name: migration.name });
    }
    return applied;
  } finally {
    await client.query('RESET search_path');
    await client.query('SELECT pg_advisory_unlock($1)', [key]);
  }
}

/**
 * Every schema's migrations in a checkout: the platform's (kit) and each service's. Used by
 * `pnpm db:migrate` and by the test template, so both apply exactly what services apply.
 */
export function workspaceMigrations(root: string): MigrationSource[] {
  const sources: MigrationSource[] = [
    { schema: 'platform', directory: join(root, 'packages', 'kit', 'migrations') },
  ];
  const services = join(root, 'services');
  for (const service of readdirSync(services).sort()) {
    const directory = join(services, service, 'prisma', 'migrations');
    if (existsSync(directory)) sources.push({ schema: service, directory });
  }
  return sources;
}
