import type { ExternalApi } from '@mcs/contracts';
import { type Paging, limitOffset, join, raw, sql, whereAll, type Sql } from '@mcs/kit';
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
  id: bigint;
  size_bytes: bigint | null;
  added_at: Date | null;
  arr_added_at: Date | null;
  last_viewed_at: Date | null;
  removed_at: Date | null;
  candidate_ids: bigint[];
  protection_ids: bigint[];
};

const TABLE: Record<MediaKind, Sql> = { movie: raw('movies'), series: raw('series') };

/** Sort expressions; `title` compares case-insensitively. */
const SORT_COLUMN = {
  title: raw('lower(t.title)'),
  year: raw('t.year'),
  added_at: raw('t.added_at'),
  size: raw('t.size_bytes'),
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
  if (filters.tmdbId !== undefined) where.push(sql`t.tmdb_id = ${filters.tmdbId}`);
  if (filters.imdbId !== undefined) where.push(sql`t.imdb_id = ${filters.imdbId}`);
  if (filters.tvdbId !== undefined && kind === 'series')
    where.push(sql`t.tvdb_id = ${filters.tvdbId}`);
  if (filters.status !== undefined) where.push(sql`t.status = ${filters.status}`);
  return where;
}

export async function listMedia(
  db: DbClient,
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
  const order = join(
    [sql`${SORT_COLUMN[sort.field]} ${direction} NULLS LAST`, sql`t.id ASC`],
    ', ',
  );
  // One after the other: the caller reads both in one snapshot (oneSnapshot), so the total
  // counts exactly the rows a page can show.
  const rows = await db.$queryRaw<MediaRow[]>`${selectMedia(kind, now)} ${where}
    ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`;
  const count = await db.$queryRaw<
    { total: bigint }[]
  >`SELECT count(*) AS total FROM ${TABLE[kind]} t ${where}`;
  return { rows, total: Number(count[0]?.total ?? 0) };
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
