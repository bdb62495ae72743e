import type { ExternalApi } from '@mcs/contracts';
import {
  type BigIntColumn,
  type Paging,
  limitOffset,
  join,
  raw,
  readPage,
  sql,
  type SqlClient,
  whereAll,
  type Sql,
} from '@mcs/kit';
import type { MediaFilters, MediaKind, MediaSort } from '../domain/media-query';
import { likePattern } from '../domain/media-query';
import type { DbClient } from '../db';

/** The columns behind the external Media schema, with the database's types where they differ. */
export type MediaRow = Pick<
  ExternalApi.components['schemas']['Media'],
  | 'title'
  | 'year'
  | 'tmdb_id'
  | 'imdb_id'
  | 'tvdb_id'
  | 'status'
  | 'poster_url'
  | 'genres'
  | 'is_monitored'
  | 'view_count'
> & {
  id: BigIntColumn;
  size_bytes: BigIntColumn | null;
  added_at: Date | null;
  arr_added_at: Date | null;
  last_viewed_at: Date | null;
  removed_at: Date | null;
  candidate_ids: BigIntColumn[];
  protection_ids: BigIntColumn[];
};

const TABLE: Record<MediaKind, Sql> = { movie: raw('movies'), series: raw('series') };

/** Sort expressions over rows aliased `alias`; `title` compares case-insensitively. */
const SORT_COLUMN = {
  title: (alias: string) => raw(`lower(${alias}.title)`),
  year: (alias: string) => raw(`${alias}.year`),
  added_at: (alias: string) => raw(`${alias}.added_at`),
  size: (alias: string) => raw(`${alias}.size_bytes`),
};

/**
 * The media item with its links from cleanup's projection. Protections are listed only while
 * active at `now` (permanent, or expiring later), so an expired one disappears without any
 * message from cleanup.
 */
function selectMedia(kind: MediaKind, now: Date): Sql {
  const tvdb = kind === 'series' ? raw('t.tvdb_id') : raw('NULL::text');
  return sql`
    SELECT t.id, t.title, t.year, t.tmdb_id, t.imdb_id, ${tvdb} AS tvdb_id, t.status,
           t.size_bytes, t.poster_url, t.genres, t.is_monitored, t.added_at, t.arr_added_at,
           t.last_viewed_at, t.view_count, t.removed_at,
           ARRAY(SELECT c FROM unnest(COALESCE(l.candidate_ids, '{}')) AS c ORDER BY c)
             AS candidate_ids,
           ARRAY(SELECT p.id
                   FROM unnest(COALESCE(l.protection_ids, '{}'),
                               COALESCE(l.protection_expires_at, '{}')) AS p(id, expires_at)
                  WHERE p.expires_at IS NULL OR p.expires_at > ${now}
                  ORDER BY p.id) AS protection_ids
      FROM ${TABLE[kind]} t
      LEFT JOIN media_links l ON l.media_type = ${kind} AND l.media_id = t.id`;
}

function conditions(kind: MediaKind, filters: MediaFilters): Sql[] {
  const where: Sql[] = [];
  if (!filters.includeRemoved) where.push(sql`t.removed_at IS NULL`);
  if (filters.search !== undefined)
    where.push(sql`t.title ILIKE ${likePattern(filters.search)} ESCAPE '\\'`);
  // As bigint: an id beyond the integer column matches nothing instead of failing the statement.
  if (filters.tmdbId !== undefined) where.push(sql`t.tmdb_id = ${filters.tmdbId}::bigint`);
  if (filters.imdbId !== undefined) where.push(sql`t.imdb_id = ${filters.imdbId}`);
  if (filters.tvdbId !== undefined && kind === 'series')
    where.push(sql`t.tvdb_id = ${filters.tvdbId}`);
  if (filters.status !== undefined) where.push(sql`t.status = ${filters.status}`);
  return where;
}

/** One page and the total in one statement (`readPage`, decision 029), over `direct`. */
export async function listMedia(
  reader: SqlClient,
  kind: MediaKind,
  filters: MediaFilters,
  sort: MediaSort,
  paging: Paging,
  now: Date,
): Promise<{ rows: MediaRow[]; total: number }> {
  const where = whereAll(conditions(kind, filters));
  const direction = raw(sort.order === 'asc' ? 'ASC' : 'DESC');
  const { limit, offset } = limitOffset(paging);
  // Nulls last in both directions; ties by id ascending (external-api.md 2.6).
  const order = (alias: string) =>
    join(
      [sql`${SORT_COLUMN[sort.field](alias)} ${direction} NULLS LAST`, raw(`${alias}.id ASC`)],
      ', ',
    );
  return readPage<MediaRow>(reader, {
    total: sql`SELECT count(*) FROM ${TABLE[kind]} t ${where}`,
    page: sql`${selectMedia(kind, now)} ${where} ORDER BY ${order('t')}
              LIMIT ${limit} OFFSET ${offset}`,
    order: order('p'),
  });
}

export async function findMedia(
  db: DbClient,
  kind: MediaKind,
  id: number,
  now: Date,
): Promise<MediaRow | null> {
  const rows = await db.$queryRaw<MediaRow[]>`${selectMedia(kind, now)} WHERE t.id = ${id}`;
  return rows[0] ?? null;
}
