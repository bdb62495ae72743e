/** Writes of playback data: users, per-user watch states, and the aggregates derived from them. */
import { num } from '@mcs/kit';
import type { PlaybackUserRecord, WatchStateRecord } from '../integrations/records';
import type { DbClient } from '../db';

export async function countUsers(db: DbClient, serviceId: number): Promise<number> {
  return db.playbackUser.count({ where: { serviceConfigId: BigInt(serviceId) } });
}

export async function storeUsers(
  db: DbClient,
  server: { id: number; serviceType: string },
  users: PlaybackUserRecord[],
): Promise<Map<string, number>> {
  const rows = users.map((u) => ({
    external_user_id: u.externalId,
    username: u.username,
    email: u.email,
    display_name: u.displayName,
    is_admin: u.isAdmin,
    last_seen_at: u.lastSeenAt,
  }));
  const stored = await db.$queryRaw<{ id: bigint; external_user_id: string }[]>`
    INSERT INTO playback_users AS p (service_config_id, service_type, external_user_id, username,
                                     email, display_name, is_admin, last_seen_at)
    SELECT ${server.id}, ${server.serviceType}, x.* FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
           AS x(external_user_id text, username text, email text, display_name text,
                is_admin boolean, last_seen_at timestamptz)
    ON CONFLICT (service_config_id, external_user_id) DO UPDATE
       SET username = EXCLUDED.username, email = EXCLUDED.email,
           display_name = EXCLUDED.display_name, is_admin = EXCLUDED.is_admin,
           last_seen_at = EXCLUDED.last_seen_at, updated_at = now()
    RETURNING p.id, p.external_user_id`;
  return new Map(stored.map((row) => [row.external_user_id, num(row.id)]));
}

/** Catalog ids of the server's item ids (main-server references). */
export async function itemsOf(db: DbClient, states: WatchStateRecord[]) {
  const ids = (kind: 'movie' | 'episode') =>
    states.filter((s) => s.itemKind === kind).map((s) => s.itemExternalId);
  const rows = await db.$queryRaw<
    { kind: 'movie' | 'episode'; id: bigint; server_item_id: string }[]
  >`
    SELECT 'movie' AS kind, id, server_item_id FROM movies
     WHERE server_item_id = ANY(${ids('movie')}::text[]) AND removed_at IS NULL
    UNION ALL
    SELECT 'episode', id, server_item_id FROM episodes
     WHERE server_item_id = ANY(${ids('episode')}::text[]) AND removed_at IS NULL`;
  return new Map(rows.map((row) => [`${row.kind}:${row.server_item_id}`, num(row.id)]));
}

export interface StateRow {
  item_kind: 'movie' | 'episode';
  item_id: number;
  play_count: number;
  last_played_at: Date | null;
  completed: boolean;
}

/** Upserts one user's states; returns the items whose state changed. */
export async function storeStates(db: DbClient, userId: number, states: StateRow[]) {
  if (states.length === 0) return [];
  return db.$queryRaw<{ item_kind: 'movie' | 'episode'; item_id: bigint }[]>`
    INSERT INTO watch_states AS w (playback_user_id, item_kind, item_id, play_count,
                                   last_played_at, completed)
    SELECT ${userId}, x.* FROM jsonb_to_recordset(${JSON.stringify(states)}::jsonb)
           AS x(item_kind text, item_id bigint, play_count int, last_played_at timestamptz,
                completed boolean)
    ON CONFLICT (playback_user_id, item_kind, item_id) DO UPDATE
       SET play_count = EXCLUDED.play_count, last_played_at = EXCLUDED.last_played_at,
           completed = EXCLUDED.completed, updated_at = now()
     WHERE (w.play_count, w.last_played_at, w.completed) IS DISTINCT FROM
           (EXCLUDED.play_count, EXCLUDED.last_played_at, EXCLUDED.completed)
    RETURNING w.item_kind, w.item_id`;
}

/** Every state of one user, as a full pass compares them with what the server reported. */
export async function statesOfUser(db: DbClient, userId: number) {
  return db.$queryRaw<{ item_kind: 'movie' | 'episode'; item_id: bigint; completed: boolean }[]>`
    SELECT item_kind, item_id, completed FROM watch_states WHERE playback_user_id = ${userId}`;
}

export async function deleteStates(
  db: DbClient,
  userId: number,
  kind: 'movie' | 'episode',
  ids: number[],
): Promise<void> {
  await db.$executeRaw`DELETE FROM watch_states WHERE playback_user_id = ${userId}
      AND item_kind = ${kind} AND item_id = ANY(${ids}::bigint[])`;
}

/**
 * Aggregates of domain.md 1.7 for the given movies and episodes, then the series of those
 * episodes; returns the root items whose watch data is to be published.
 */
export async function refreshWatchAggregates(
  db: DbClient,
  movieIds: number[],
  episodeIds: number[],
) {
  await db.$executeRaw`
    WITH agg AS (
      SELECT m.id, COALESCE(sum(w.play_count), 0)::int AS views, max(w.last_played_at) AS last
        FROM movies m LEFT JOIN watch_states w ON w.item_kind = 'movie' AND w.item_id = m.id
       WHERE m.id = ANY(${movieIds}::bigint[]) GROUP BY m.id)
    UPDATE movies m SET view_count = agg.views, last_viewed_at = agg.last FROM agg
     WHERE m.id = agg.id AND (m.view_count, m.last_viewed_at) IS DISTINCT FROM (agg.views, agg.last)`;
  const series = await db.$queryRaw<{ series_id: bigint }[]>`
    WITH agg AS (
      SELECT e.id, COALESCE(sum(w.play_count), 0)::int AS views, max(w.last_played_at) AS last
        FROM episodes e LEFT JOIN watch_states w ON w.item_kind = 'episode' AND w.item_id = e.id
       WHERE e.id = ANY(${episodeIds}::bigint[]) GROUP BY e.id),
    changed AS (
      UPDATE episodes e SET view_count = agg.views, last_viewed_at = agg.last FROM agg
       WHERE e.id = agg.id
      RETURNING e.series_id)
    SELECT DISTINCT series_id FROM changed`;
  const seriesIds = series.map((row) => num(row.series_id));
  await db.$executeRaw`
    WITH agg AS (
      SELECT s.id, COALESCE(sum(e.view_count), 0)::int AS views, max(e.last_viewed_at) AS last
        FROM series s LEFT JOIN episodes e ON e.series_id = s.id AND e.removed_at IS NULL
       WHERE s.id = ANY(${seriesIds}::bigint[]) GROUP BY s.id)
    UPDATE series s SET view_count = agg.views, last_viewed_at = agg.last FROM agg
     WHERE s.id = agg.id AND (s.view_count, s.last_viewed_at) IS DISTINCT FROM (agg.views, agg.last)`;
  return { movies: movieIds, series: seriesIds };
}
