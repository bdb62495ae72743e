import { BULK_TX, raw, sql } from '@mcs/kit';
/**
 * The sync's shared bulk writes: rows travel as one JSON parameter and are expanded with
 * jsonb_to_recordset, which keeps array columns (genres, episode ids) intact and needs one
 * round trip per batch whatever its size.
 */
import type { Db, Tx } from '../db';
import type { Columns, Row } from './rows';

function recordset(columns: Columns): string {
  return Object.entries(columns)
    .map(([name, type]) => `${name} ${type}`)
    .join(', ');
}

export async function insertRows(tx: Tx, table: string, columns: Columns, rows: Row[]) {
  if (rows.length === 0) return;
  const names = Object.keys(columns).join(', ');
  await tx.$executeRaw`INSERT INTO ${raw(table)} (${raw(names)}, created_at, updated_at)
    SELECT ${raw(names)}, now(), now()
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(${raw(recordset(columns))})`;
}

/** Updates the given columns of rows by id and moves their updated_at. */
export async function updateRows(tx: Tx, table: string, columns: Columns, rows: Row[]) {
  if (rows.length === 0) return;
  const set = Object.keys(columns)
    .filter((name) => name !== 'id')
    .map((name) => `${name} = x.${name}`)
    .join(', ');
  await tx.$executeRaw`UPDATE ${raw(table)} t SET ${raw(set)}, updated_at = now()
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(${raw(recordset(columns))})
     WHERE t.id = x.id`;
}

/** Marks items changed (their facts' as_of moves) when only their children changed. */
export async function touch(tx: Tx, table: 'movies' | 'series', ids: Iterable<number>) {
  const list = [...new Set(ids)];
  if (list.length === 0) return;
  await tx.$executeRaw`UPDATE ${raw(table)} SET updated_at = now() WHERE id = ANY(${list}::bigint[])`;
}

/** Reserves ids from a table's sequence, so related rows can point at rows not yet written. */
export async function allocateIds(tx: Tx, table: string, count: number): Promise<number[]> {
  if (count === 0) return [];
  // Movies and series draw from the shared media id sequence (see the migration).
  const sequence = table === 'movies' || table === 'series' ? 'media_id_seq' : `${table}_id_seq`;
  const rows = await tx.$queryRaw<{ id: bigint }[]>`
    SELECT nextval(${sequence}::regclass) AS id FROM generate_series(1, ${count})`;
  return rows.map((row) => Number(row.id));
}

/**
 * Arr file keys of observed paths, for identity rule 1 (same Radarr/Sonarr file id). Uses
 * the Arr state read earlier in this run.
 */
export async function arrKeysByPath(
  tx: Tx,
  table: 'arr_movies' | 'arr_episodes',
  paths: string[],
): Promise<Map<string, string>> {
  if (paths.length === 0) return new Map();
  const rows = await tx.$queryRaw<{ file_path: string; arr_key: string }[]>`
    SELECT file_path, service_config_id || ':' || file_id AS arr_key
      FROM ${rawTable(table)}
     WHERE file_path = ANY(${paths}::text[]) AND file_id IS NOT NULL`;
  return new Map(rows.map((row) => [row.file_path, row.arr_key]));
}

function rawTable(table: 'arr_movies' | 'arr_episodes') {
  return table === 'arr_movies' ? sql`arr_movies` : sql`arr_episodes`;
}

/** Fresh planner statistics of the synced tables. */
export async function analyzeLibrary(db: Db): Promise<void> {
  await db.$executeRawUnsafe(
    'ANALYZE movies, movie_versions, series, seasons, episodes, episode_files, arr_movies, arr_series, arr_episodes',
  );
}

/**
 * After a full run: it rewrote most rows (upserts, then links), leaving about as many dead rows
 * as live ones, and the statistics taken before linking describe unlinked tables (every
 * episode's Arr file unknown). Autovacuum gets there eventually; a sync scheduled soon after
 * would plan on the stale picture and scan instead of seeking (seconds instead of milliseconds).
 */
export async function vacuumLibrary(db: Db): Promise<void> {
  await db.$executeRawUnsafe(
    'VACUUM (ANALYZE) movies, movie_versions, series, seasons, episodes, episode_files, arr_movies, arr_series, arr_episodes',
  );
}

/** resync_media: every reference is rebuilt from the current main server and Arr lists. */
export async function dropReferences(db: Db): Promise<void> {
  await db.$transaction(async (tx) => {
    for (const table of ['movies', 'series', 'seasons', 'episodes'])
      await tx.$executeRawUnsafe(
        `UPDATE ${table} SET server_item_id = NULL WHERE server_item_id IS NOT NULL`,
      );
    for (const table of ['arr_movies', 'arr_series', 'arr_episodes'])
      await tx.$executeRawUnsafe(`DELETE FROM ${table}`);
  }, BULK_TX);
}
