/** The Seerr snapshot (domain.md 1.8): replaced per instance only after a complete sweep. */
import type { Events } from '@mcs/contracts';
import { Prisma } from '../generated/prisma/client';
import type { SeerrRequest, SeerrUser } from '../integrations/seerr';
import type { DbClient, Tx } from '../db';

export async function countRequests(db: DbClient, serviceId: number): Promise<number> {
  return db.seerrRequest.count({ where: { serviceConfigId: BigInt(serviceId) } });
}

export async function replaceSnapshot(
  tx: Tx,
  serviceId: number,
  users: SeerrUser[],
  requests: SeerrRequest[],
): Promise<void> {
  const everyone = new Map(users.map((user) => [user.externalId, user]));
  for (const request of requests)
    if (request.requestedBy && !everyone.has(request.requestedBy.externalId))
      everyone.set(request.requestedBy.externalId, request.requestedBy);
  await tx.$executeRaw`DELETE FROM seerr_requests WHERE service_config_id = ${serviceId}`;
  await tx.$executeRaw`DELETE FROM seerr_users WHERE service_config_id = ${serviceId}`;
  const userRows = [...everyone.values()].map((u) => ({
    id: u.externalId,
    display_name: u.displayName,
    username: u.username,
    email: u.email,
    plex_id: u.plexId,
    plex_username: u.plexUsername,
    jellyfin_user_id: u.jellyfinUserId,
    jellyfin_username: u.jellyfinUsername,
  }));
  await tx.$executeRaw`
    INSERT INTO seerr_users (service_config_id, seerr_user_id, display_name, username, email,
                             plex_id, plex_username, jellyfin_user_id, jellyfin_username)
    SELECT ${serviceId}, x.* FROM jsonb_to_recordset(${JSON.stringify(userRows)}::jsonb) AS x(
           id int, display_name text, username text, email text, plex_id text,
           plex_username text, jellyfin_user_id text, jellyfin_username text)`;
  const requestRows = requests.map((r) => ({
    id: r.externalId,
    media_id: r.seerrMediaId,
    media_type: r.mediaType,
    tmdb_id: r.tmdbId,
    tvdb_id: r.tvdbId,
    status: r.status,
    is_4k: r.is4k,
    user_id: r.requestedBy?.externalId ?? null,
    requested_at: r.requestedAt,
    updated_at: r.updatedAt,
    seasons: r.seasonNumbers,
  }));
  await tx.$executeRaw`
    INSERT INTO seerr_requests (service_config_id, seerr_request_id, seerr_media_id, media_type,
                                tmdb_id, tvdb_id, status, is_4k, requested_by_seerr_user_id,
                                requested_at, updated_at, season_numbers)
    SELECT ${serviceId}, x.* FROM jsonb_to_recordset(${JSON.stringify(requestRows)}::jsonb) AS x(
           id int, media_id int, media_type text, tmdb_id int, tvdb_id text, status text,
           is_4k boolean, user_id int, requested_at timestamptz, updated_at timestamptz,
           seasons int[])
    ON CONFLICT DO NOTHING`;
}

/** One text per catalog item describing all its requests, to see which items changed. */
export async function requestSignatures(db: DbClient): Promise<Map<string, string>> {
  const rows = await db.$queryRaw<{ key: string; signature: string }[]>`
    SELECT t.media_type || ':' || t.id AS key,
           string_agg(concat_ws('|', r.service_config_id, r.seerr_request_id, r.status, r.is_4k,
                                r.requested_by_seerr_user_id, r.requested_at, r.updated_at,
                                r.season_numbers::text, u.display_name, u.username, u.email,
                                u.plex_id, u.plex_username, u.jellyfin_user_id,
                                u.jellyfin_username), ';'
                      ORDER BY r.service_config_id, r.seerr_request_id) AS signature
      FROM seerr_requests r
      JOIN LATERAL (${ITEM_OF_REQUEST}) t ON true
      LEFT JOIN seerr_users u ON u.service_config_id = r.service_config_id
                             AND u.seerr_user_id = r.requested_by_seerr_user_id
     GROUP BY 1`;
  return new Map(rows.map((row) => [row.key, row.signature]));
}

/** The live catalog item a request is for: by tmdb_id (series: also tvdb_id). */
const ITEM_OF_REQUEST = Prisma.sql`
  SELECT 'movie' AS media_type, m.id FROM movies m
   WHERE r.media_type = 'movie' AND m.tmdb_id = r.tmdb_id AND m.removed_at IS NULL
  UNION ALL
  SELECT 'series', s.id FROM series s
   WHERE r.media_type = 'series' AND s.removed_at IS NULL
     AND (s.tmdb_id = r.tmdb_id OR (r.tmdb_id IS NULL AND s.tvdb_id = r.tvdb_id))`;

type RequestFacts = Events.components['schemas']['SeerrRequestFacts'];
type RequesterIdentities = Events.components['schemas']['SeerrRequesterIdentities'];

/**
 * A stored request with its requester's identities: the columns behind SeerrRequestFacts, with
 * the database's types where they differ (status holds the normalized values the sync wrote).
 */
export type RequestRow = Pick<
  RequestFacts,
  'seerr_request_id' | 'status' | 'is_4k' | 'season_numbers'
> &
  Omit<RequesterIdentities, 'seerr_user_key'> & {
    media_type: Events.components['schemas']['MediaType'];
    item_id: bigint;
    service_config_id: bigint;
    requested_by_seerr_user_id: number | null;
    requested_at: Date | null;
    updated_at: Date | null;
  };

export async function requestsOf(db: DbClient, keys: string[]): Promise<RequestRow[]> {
  if (keys.length === 0) return [];
  return db.$queryRaw<RequestRow[]>`
    SELECT t.media_type, t.id AS item_id, r.service_config_id, r.seerr_request_id, r.status,
           r.is_4k, r.requested_by_seerr_user_id, r.requested_at, r.updated_at,
           r.season_numbers, u.display_name, u.username, u.email, u.plex_id, u.plex_username,
           u.jellyfin_user_id, u.jellyfin_username
      FROM seerr_requests r
      JOIN LATERAL (${ITEM_OF_REQUEST}) t ON true
      LEFT JOIN seerr_users u ON u.service_config_id = r.service_config_id
                             AND u.seerr_user_id = r.requested_by_seerr_user_id
     WHERE t.media_type || ':' || t.id = ANY(${keys}::text[])
     ORDER BY r.service_config_id, r.seerr_request_id`;
}
