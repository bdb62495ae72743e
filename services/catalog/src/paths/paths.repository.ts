import { empty, num, raw, sql, type Sql } from '@mcs/kit';
import type { DbClient } from '../db';

export type PathMediaType = 'movie' | 'series';

export interface FileScope {
  mediaType?: PathMediaType;
  libraryId?: number;
}

export interface PathCount {
  itemCount: number;
  sizeBytes: number;
}

/**
 * Every live file (movie versions, episode files) with its path, separators normalized to `/`
 * as rule prefixes are (domain.md 3.3), of one media type and library when asked.
 */
function liveFiles(scope: FileScope): Sql {
  const library = (alias: string) =>
    scope.libraryId === undefined
      ? empty
      : sql`AND ${raw(`${alias}.library_ids`)} @> ARRAY[${scope.libraryId}::bigint]`;
  const movies = sql`
    SELECT replace(v.path, '\\', '/') AS path, v.size_bytes FROM movie_versions v
      JOIN movies m ON m.id = v.movie_id
     WHERE v.removed_at IS NULL AND m.removed_at IS NULL ${library('m')}`;
  const episodes = sql`
    SELECT replace(f.path, '\\', '/') AS path, f.size_bytes FROM episode_files f
      JOIN series s ON s.id = f.series_id
     WHERE f.removed_at IS NULL AND s.removed_at IS NULL ${library('s')}`;
  if (scope.mediaType === 'movie') return movies;
  if (scope.mediaType === 'series') return episodes;
  return sql`${movies} UNION ALL ${episodes}`;
}

/** Files at or under `prefix` (whole segments), and their total size. */
export async function countUnder(
  db: DbClient,
  prefix: string,
  scope: FileScope,
): Promise<PathCount> {
  const [row] = await db.$queryRaw<{ n: bigint; bytes: bigint | null }[]>`
    SELECT count(*) AS n, sum(size_bytes) AS bytes FROM (${liveFiles(scope)}) f
     WHERE ${under(prefix)}`;
  return { itemCount: num(row?.n ?? 0n), sizeBytes: num(row?.bytes ?? 0n) };
}

export interface PathChild extends PathCount {
  name: string;
  hasChildren: boolean;
}

/**
 * The next path segment under `prefix` ('' for the top: the roots of the stored paths), with
 * the files and bytes below each. At most `limit` children, by name.
 */
export async function childrenOf(
  db: DbClient,
  prefix: string,
  scope: FileScope,
  limit: number,
): Promise<PathChild[]> {
  // What follows the prefix and its separator (the root `/` is its own separator).
  const rest =
    prefix === ''
      ? sql`ltrim(f.path, '/')`
      : sql`substr(f.path, ${prefix === '/' ? 2 : prefix.length + 2}::int)`;
  const rows = await db.$queryRaw<
    { name: string; n: bigint; bytes: bigint | null; deeper: boolean }[]
  >`
    SELECT split_part(r.rest, '/', 1) AS name, count(*) AS n, sum(r.size_bytes) AS bytes,
           bool_or(position('/' in r.rest) > 0) AS deeper
      FROM (SELECT ${rest} AS rest, f.size_bytes FROM (${liveFiles(scope)}) f
             WHERE ${prefix === '' ? sql`TRUE` : under(prefix, true)}) r
     WHERE r.rest <> ''
     GROUP BY 1 ORDER BY 1 LIMIT ${limit}`;
  return rows.map((row) => ({
    name: row.name,
    itemCount: num(row.n),
    sizeBytes: num(row.bytes ?? 0n),
    hasChildren: row.deeper,
  }));
}

/** The prefix itself (a file) or anything below it; `strict`: below it only. */
function under(prefix: string, strict = false): Sql {
  const below =
    prefix === '/'
      ? sql`(left(f.path, 1) = '/' AND f.path <> '/')`
      : sql`left(f.path, ${prefix.length + 1}::int) = ${`${prefix}/`}`;
  return strict ? below : sql`(f.path = ${prefix} OR ${below})`;
}
