/**
 * Full watch data of root items (media.watch_data_changed): aggregates, every per-user state
 * of the movie or the series' episodes, and the playback users those states name.
 */
import type { MessagePayload } from '@mcs/contracts';
import { num, isoOrNull } from '@mcs/kit';
import type { DbClient } from '../db';

type Payload = MessagePayload<'media.watch_data_changed'>;
export type WatchItem = Payload['items'][number];
export type PlaybackUserWire = Payload['playback_users'][number];

interface StateRow {
  root_id: bigint;
  movie_id: bigint | null;
  episode_id: bigint | null;
  user_key: string;
  play_count: number;
  last_played_at: Date | null;
  completed: boolean;
}

export async function watchFacts(
  db: DbClient,
  kind: 'movie' | 'series',
  ids: number[],
  asOf: Date,
): Promise<{ items: WatchItem[]; users: PlaybackUserWire[] }> {
  if (ids.length === 0) return { items: [], users: [] };
  const roots = await db.$queryRawUnsafe<
    { id: bigint; view_count: number; last_viewed_at: Date | null }[]
  >(
    `SELECT id, view_count, last_viewed_at FROM ${kind === 'movie' ? 'movies' : 'series'}
      WHERE id = ANY($1::bigint[]) AND removed_at IS NULL ORDER BY id`,
    ids,
  );
  const episodes =
    kind === 'series'
      ? await db.$queryRaw<
          { id: bigint; series_id: bigint; view_count: number; last_viewed_at: Date | null }[]
        >`
          SELECT id, series_id, view_count, last_viewed_at FROM episodes
           WHERE series_id = ANY(${ids}::bigint[]) AND removed_at IS NULL ORDER BY id`
      : [];
  const states = await db.$queryRaw<StateRow[]>`
    SELECT COALESCE(m.id, e.series_id) AS root_id, m.id AS movie_id, e.id AS episode_id,
           p.service_config_id || ':' || p.external_user_id AS user_key,
           w.play_count, w.last_played_at, w.completed
      FROM watch_states w
      JOIN playback_users p ON p.id = w.playback_user_id
      LEFT JOIN movies m ON w.item_kind = 'movie' AND m.id = w.item_id AND ${kind} = 'movie'
      LEFT JOIN episodes e ON w.item_kind = 'episode' AND e.id = w.item_id AND ${kind} = 'series'
     WHERE (m.id = ANY(${ids}::bigint[]) OR e.series_id = ANY(${ids}::bigint[]))`;
  const items = roots.map((root) => ({
    media_type: kind,
    media_id: num(root.id),
    as_of: asOf.toISOString(),
    view_count: root.view_count,
    last_viewed_at: isoOrNull(root.last_viewed_at),
    favorite_user_keys: [],
    episodes: episodes
      .filter((e) => e.series_id === root.id)
      .map((e) => ({
        episode_id: num(e.id),
        view_count: e.view_count,
        last_viewed_at: isoOrNull(e.last_viewed_at),
        favorite_user_keys: [],
      })),
    watch_states: states
      .filter((s) => s.root_id === root.id)
      .map((s) => ({
        playback_user_key: s.user_key,
        movie_id: s.movie_id === null ? null : num(s.movie_id),
        episode_id: s.episode_id === null ? null : num(s.episode_id),
        play_count: s.play_count,
        last_played_at: isoOrNull(s.last_played_at),
        completed: s.completed,
      })),
  }));
  const keys = [...new Set(states.map((s) => s.user_key))];
  return { items, users: await usersOf(db, keys) };
}

async function usersOf(db: DbClient, keys: string[]): Promise<PlaybackUserWire[]> {
  if (keys.length === 0) return [];
  const rows = await db.$queryRaw<
    {
      service_config_id: bigint;
      service_type: string;
      external_user_id: string;
      username: string | null;
      email: string | null;
      display_name: string | null;
      is_admin: boolean;
    }[]
  >`
    SELECT service_config_id, service_type, external_user_id, username, email, display_name, is_admin
      FROM playback_users WHERE service_config_id || ':' || external_user_id = ANY(${keys}::text[])`;
  return rows.map((row) => ({
    playback_user_key: `${num(row.service_config_id)}:${row.external_user_id}`,
    service_config_id: num(row.service_config_id),
    service_type: row.service_type as PlaybackUserWire['service_type'],
    external_user_id: row.external_user_id,
    username: row.username,
    email: row.email,
    display_name: row.display_name,
    is_admin: row.is_admin,
  }));
}

/** The live movies and the series with any watch state (a backfill republishes their data). */
export async function watchedItems(db: DbClient): Promise<{ movie: number[]; series: number[] }> {
  const watched = await db.$queryRaw<{ kind: 'movie' | 'series'; id: bigint }[]>`
      SELECT DISTINCT 'movie' AS kind, w.item_id AS id FROM watch_states w
        JOIN movies m ON m.id = w.item_id AND m.removed_at IS NULL WHERE w.item_kind = 'movie'
      UNION
      SELECT DISTINCT 'series', e.series_id FROM watch_states w
        JOIN episodes e ON e.id = w.item_id WHERE w.item_kind = 'episode'`;
  return {
    movie: watched.filter((w) => w.kind === 'movie').map((w) => num(w.id)),
    series: watched.filter((w) => w.kind === 'series').map((w) => num(w.id)),
  };
}
