import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { Client } from 'pg';
import { ident } from '../data/database';
import {
  listMigrations,
  migrate,
  workspaceMigrations,
  type MigrationSource,
} from '../data/migrate';

/** The PostgreSQL server tests use (database name is replaced per test file). */
export const TEST_SERVER_URL =
  process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

const ROOT = join(__dirname, '..', '..', '..', '..');

export function allMigrationSources(): MigrationSource[] {
  return workspaceMigrations(ROOT);
}

/**
 * The template database is named after the checksum of every migration, so a changed
 * migration builds a fresh template and an unchanged one is reused across runs.
 */
export function templateName(): string {
  const hash = createHash('sha256');
  for (const source of allMigrationSources()) {
    for (const migration of listMigrations(source.directory)) {
      hash.update(`${source.schema}/${migration.name}:${migration.checksum}\n`);
    }
  }
  return `mcs_tpl_${hash.digest('hex').slice(0, 16)}`;
}

export function databaseUrl(name: string): string {
  const url = new URL(TEST_SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function withAdminClient<T>(fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: TEST_SERVER_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function ensureTemplate(): Promise<string> {
  const name = templateName();
  await withAdminClient(async (admin) => {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount) return;
    const building = `${name}_build`;
    await admin.query(`DROP DATABASE IF EXISTS ${ident(building)} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${ident(building)}`);
    await migrate(databaseUrl(building), allMigrationSources());
    // Renamed only once complete, so an interrupted build is never used as a template.
    await admin.query(`ALTER DATABASE ${ident(building)} RENAME TO ${ident(name)}`);
  });
  return name;
}
