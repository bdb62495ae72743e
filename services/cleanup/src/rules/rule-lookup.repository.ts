import { containsText, empty, sql, type Sql } from '@mcs/kit';
import type { DbClient } from '../db';
import type { RuleMediaType } from '../domain/rules';
import type { PlaybackUser } from '../domain/rules/inputs';

/**
 * The value lookups of the rule editor (internal-api.md 10, seed rule 4), counted over live
 * media of cleanup's projection: what rules can actually match here.
 */
export interface NameCount {
  name: string;
  count: number;
}

const live = (mediaType?: RuleMediaType): Sql =>
  sql`m.removed_at IS NULL ${mediaType ? sql`AND m.media_type = ${mediaType}` : empty}`;

const contains = (column: Sql, search?: string): Sql =>
  search ? sql`AND ${containsText(column, search)}` : empty;

/** Items per element of a list fact (genres, origin countries, server collections). */
async function listFactCounts(
  db: DbClient,
  fact: string,
  filter: { mediaType?: RuleMediaType; search?: string },
): Promise<NameCount[]> {
  const rows = await db.$queryRaw<{ name: string; n: bigint }[]>`
    SELECT v.name, count(DISTINCT (m.media_type, m.media_id)) AS n
      FROM media_items m, jsonb_array_elements_text(m.facts->${fact}) AS v(name)
     WHERE ${live(filter.mediaType)} ${contains(sql`v.name`, filter.search)}
     GROUP BY v.name
     ORDER BY lower(v.name), v.name`;
  return rows.map((row) => ({ name: row.name, count: Number(row.n) }));
}

export const genreCounts = (db: DbClient, filter: { mediaType?: RuleMediaType; search?: string }) =>
  listFactCounts(db, 'genres', filter);

export const serverCollectionCounts = (
  db: DbClient,
  filter: { mediaType?: RuleMediaType; search?: string },
) => listFactCounts(db, 'media_server_collections', filter);

/** Every origin country code with its count; names are added and searched by the service. */
export const countryCounts = (db: DbClient, mediaType?: RuleMediaType) =>
  listFactCounts(db, 'origin_countries', { mediaType });

export async function languageCounts(
  db: DbClient,
  mediaType?: RuleMediaType,
): Promise<NameCount[]> {
  const rows = await db.$queryRaw<{ name: string; n: bigint }[]>`
    SELECT m.facts->>'original_language' AS name, count(*) AS n
      FROM media_items m
     WHERE ${live(mediaType)} AND m.facts->>'original_language' IS NOT NULL
     GROUP BY 1 ORDER BY 1`;
  return rows.map((row) => ({ name: row.name, count: Number(row.n) }));
}

/** TMDB collections of live movies, by name, with the total for paging. */
export async function movieCollections(
  db: DbClient,
  search: string | undefined,
  page: { limit: number; offset: number },
) {
  const rows = await db.$queryRaw<{ id: bigint; name: string; n: bigint; total: bigint }[]>`
    SELECT (m.facts->'collection'->>'tmdb_collection_id')::bigint AS id,
           min(m.facts->'collection'->>'name') AS name, count(*) AS n, count(*) OVER () AS total
      FROM media_items m
     WHERE ${live('movie')} AND jsonb_typeof(m.facts->'collection') = 'object'
           ${contains(sql`m.facts->'collection'->>'name'`, search)}
     GROUP BY 1
     ORDER BY lower(min(m.facts->'collection'->>'name')), 1
     LIMIT ${page.limit} OFFSET ${page.offset}`;
  return {
    items: rows.map((row) => ({
      tmdb_collection_id: Number(row.id),
      name: row.name,
      movie_count: Number(row.n),
    })),
    total: Number(rows[0]?.total ?? (page.offset > 0 ? await countCollections(db, search) : 0)),
  };
}

async function countCollections(db: DbClient, search?: string): Promise<number> {
  const [row] = await db.$queryRaw<{ n: bigint }[]>`
    SELECT count(DISTINCT m.facts->'collection'->>'tmdb_collection_id') AS n
      FROM media_items m
     WHERE ${live('movie')} AND jsonb_typeof(m.facts->'collection') = 'object'
           ${contains(sql`m.facts->'collection'->>'name'`, search)}`;
  return Number(row?.n ?? 0);
}

/**
 * Seerr requesters of the projected requests (seerr.requested_by values), each with the newest
 * copy of their identities and how many requests they made, searched in any of their names and
 * paged.
 */
export async function seerrUsers(
  db: DbClient,
  search: string | undefined,
  page: { limit: number; offset: number },
) {
  const rows = await db.$queryRaw<
    { service: number; user_id: number; ids: SeerrIdentities; n: bigint; total: bigint }[]
  >`
    WITH requesters AS (
      SELECT (r->>'service_config_id')::int AS service, (r->>'requested_by')::int AS user_id,
             (array_agg(r->'requester_identities'
                ORDER BY r->>'requested_at' DESC NULLS LAST))[1] AS ids,
             count(*) AS n
        FROM request_snapshots s, jsonb_array_elements(s.requests) AS r
       GROUP BY 1, 2)
    SELECT service, user_id, ids, n, count(*) OVER () AS total FROM requesters
     WHERE TRUE ${contains(
       sql`concat_ws(' ', ids->>'display_name', ids->>'username', ids->>'email',
             ids->>'plex_username', ids->>'jellyfin_username')`,
       search,
     )}
     ORDER BY lower(coalesce(ids->>'display_name', ids->>'username', '')), service, user_id
     LIMIT ${page.limit} OFFSET ${page.offset}`;
  return {
    items: rows.map((row) => ({
      key: `${row.service}:${row.user_id}`,
      service_config_id: row.service,
      seerr_user_id: row.user_id,
      display_name: row.ids.display_name,
      username: row.ids.username,
      email: row.ids.email,
      plex_username: row.ids.plex_username,
      jellyfin_username: row.ids.jellyfin_username,
      request_count: Number(row.n),
    })),
    total: Number(rows[0]?.total ?? 0),
  };
}

interface SeerrIdentities {
  display_name: string | null;
  username: string | null;
  email: string | null;
  plex_username: string | null;
  jellyfin_username: string | null;
}

/** Playback users catalog has named (playback.watched_by values), by server and name. */
export async function playbackUserList(
  db: DbClient,
  filter: { search?: string; serviceConfigId?: number },
) {
  // The id as bigint: one beyond int's range matches nothing instead of failing the statement.
  const rows = await db.$queryRaw<{ data: PlaybackUser }[]>`
    SELECT data FROM playback_users
     WHERE TRUE
       ${filter.serviceConfigId === undefined ? empty : sql`AND (data->>'service_config_id')::int = ${filter.serviceConfigId}::bigint`}
       ${contains(sql`concat_ws(' ', data->>'username', data->>'display_name', data->>'email')`, filter.search)}
     ORDER BY (data->>'service_config_id')::int, lower(coalesce(data->>'username', '')),
              playback_user_key`;
  return rows.map((row) => row.data);
}
