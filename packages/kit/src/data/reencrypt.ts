import type { Pool } from 'pg';
import { ConfigError, parseEnv, type Env } from '../config';
import { SecretBox, UnreadableSecret } from '../crypto/secret-box';
import { encryptionKeysVars, runtimeVars } from '../runtime-config';
import { createPool, ident } from './database';

/** A table whose columns hold SecretBox values, named by the repository that owns it. */
export interface SealedColumns {
  table: string;
  /** The primary key column, reported for values no key opens. */
  key: string;
  columns: readonly string[];
}

export interface ReencryptReport {
  table: string;
  /** Values moved to the current key. */
  resealed: number;
  /** Values already sealed with the current key. */
  current: number;
  /** Keys of the rows holding a value no configured key opens (left as they are). */
  unreadable: string[];
}

/**
 * Moves every stored secret of `schema` to the current key of ENCRYPTION_KEYS, so an old key
 * can then be dropped from the list (docs/decisions/023). Each table is rewritten in one
 * transaction under row locks, so a service saving a secret at the same time either commits
 * before (and is resealed) or after (and seals with the current key itself). A value no key
 * opens is left untouched and reported: only its owner can enter it again.
 */
export async function reencryptSecrets(
  pool: Pool,
  schema: string,
  box: SecretBox,
  targets: readonly SealedColumns[],
): Promise<ReencryptReport[]> {
  const reports: ReencryptReport[] = [];
  for (const target of targets) {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      reports.push(
        await reencryptTable(client, `${ident(schema)}.${ident(target.table)}`, box, target),
      );
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    } finally {
      client.release();
    }
  }
  return reports;
}

type Client = Pick<Pool, 'query'>;

async function reencryptTable(
  client: Client,
  table: string,
  box: SecretBox,
  target: SealedColumns,
): Promise<ReencryptReport> {
  const report: ReencryptReport = { table: target.table, resealed: 0, current: 0, unreadable: [] };
  const columns = target.columns.map(ident);
  const { rows } = await client.query<Record<string, string | null>>(
    `SELECT ${ident(target.key)}::text AS key, ${columns.join(', ')} FROM ${table} FOR UPDATE`,
  );
  for (const row of rows) {
    const changed: [string, string][] = [];
    for (const column of target.columns) {
      const sealed = row[column];
      if (sealed === null || sealed === undefined) continue;
      const next = resealed(box, sealed);
      if (next === undefined) report.unreadable.push(String(row.key));
      else if (next === null) report.current += 1;
      else changed.push([column, next]);
    }
    if (changed.length === 0) continue;
    report.resealed += changed.length;
    await client.query(
      `UPDATE ${table} SET ${changed.map(([column], i) => `${ident(column)} = $${i + 2}`).join(', ')}
        WHERE ${ident(target.key)}::text = $1`,
      [row.key, ...changed.map(([, value]) => value)],
    );
  }
  report.unreadable = [...new Set(report.unreadable)];
  return report;
}

/** The new sealed value, null when already current, undefined when no key opens it. */
function resealed(box: SecretBox, sealed: string): string | null | undefined {
  try {
    return box.reseal(sealed);
  } catch (error) {
    if (error instanceof UnreadableSecret) return undefined;
    throw error;
  }
}

/**
 * The `reencrypt` command of a service that seals credentials (`pnpm secrets:reencrypt` runs
 * each): reads DATABASE_URL and ENCRYPTION_KEYS only, so it runs beside the services without
 * their other settings. Exit code 0 when every value is on the current key, 1 when some value
 * opens with no key (its rows are named), 78 for bad settings.
 */
export async function runReencryptCommand(
  schema: string,
  targets: readonly SealedColumns[],
  io: { env: Env; out: (line: string) => void } = {
    env: process.env,
    out: (line) => process.stdout.write(`${line}\n`),
  },
): Promise<number> {
  let vars: { DATABASE_URL: string; ENCRYPTION_KEYS: string[] };
  try {
    vars = parseEnv({ DATABASE_URL: runtimeVars(0).DATABASE_URL, ...encryptionKeysVars() }, io.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    io.out(error.message);
    return 78;
  }
  const pool = createPool({ url: vars.DATABASE_URL, schema, max: 1 });
  try {
    const reports = await reencryptSecrets(
      pool,
      schema,
      new SecretBox(vars.ENCRYPTION_KEYS),
      targets,
    );
    for (const report of reports) {
      io.out(
        `${schema}.${report.table}: ${report.resealed} resealed, ${report.current} already on the current key`,
      );
      if (report.unreadable.length > 0)
        io.out(
          `${schema}.${report.table}: rows ${report.unreadable.join(', ')} hold values no key opens; enter them again`,
        );
    }
    return reports.some((report) => report.unreadable.length > 0) ? 1 : 0;
  } finally {
    await pool.end();
  }
}
