import type { MessageName, MessagePayload } from '@mcs/contracts';
import { waitFor } from '@mcs/kit/testing';
import type { World } from './world';

/** catalog's rule inputs (watch data, requests, disk space) as tests send them (domain.md 1.7, 1.8). */
type WatchPayload = MessagePayload<'media.watch_data_changed'>;
export type WatchItem = WatchPayload['items'][number];
export type PlaybackUser = WatchPayload['playback_users'][number];
export type Request = MessagePayload<'media.requests_changed'>['items'][number]['requests'][number];

let ticks = 0;
/** A later `as_of` on every call: the projection keeps only newer states. */
export const nextAsOf = () => {
  ticks += 1;
  return new Date(Date.now() + ticks).toISOString();
};

/** Publishes one message as catalog would and waits until cleanup has consumed it. */
export async function deliver<K extends MessageName>(
  world: World,
  name: K,
  payload: MessagePayload<K>,
): Promise<void> {
  const { db, runtime } = world.service;
  const before = await db.inboxMessage.count();
  await runtime.publisher.publish(name, payload);
  await waitFor(async () => (await db.inboxMessage.count()) > before, { what: name });
}

export const jellyfinUser = (
  serviceConfigId: number,
  id: string,
  extra: Partial<PlaybackUser> = {},
): PlaybackUser => ({
  playback_user_key: `${serviceConfigId}:${id}`,
  service_config_id: serviceConfigId,
  service_type: 'jellyfin',
  external_user_id: id,
  username: null,
  email: null,
  display_name: null,
  is_admin: false,
  ...extra,
});

export const plexUser = (serviceConfigId: number, id: string, extra: Partial<PlaybackUser> = {}) =>
  jellyfinUser(serviceConfigId, id, { service_type: 'plex', ...extra });

/** A completed (or started) play of a movie or an episode by one user. */
export const played = (
  user: PlaybackUser,
  item: { movie_id: number } | { episode_id: number },
  completed = true,
): WatchItem['watch_states'][number] => ({
  playback_user_key: user.playback_user_key,
  movie_id: 'movie_id' in item ? item.movie_id : null,
  episode_id: 'episode_id' in item ? item.episode_id : null,
  play_count: 1,
  last_played_at: '2026-01-01T00:00:00.000Z',
  completed,
});

/** Full watch data of one root, aggregates derived from the states. */
export function watchItem(
  root: { media_type: 'movie' | 'series'; media_id: number; episodes?: { episode_id: number }[] },
  states: WatchItem['watch_states'],
  extra: Partial<WatchItem> = {},
): WatchItem {
  const plays = (episodeId: number) => states.filter((s) => s.episode_id === episodeId);
  return {
    media_type: root.media_type,
    media_id: root.media_id,
    as_of: nextAsOf(),
    view_count: states.reduce((sum, s) => sum + s.play_count, 0),
    last_viewed_at: states.length > 0 ? '2026-01-01T00:00:00.000Z' : null,
    favorite_user_keys: [],
    episodes: (root.episodes ?? []).map((episode) => ({
      episode_id: episode.episode_id,
      view_count: plays(episode.episode_id).reduce((sum, s) => sum + s.play_count, 0),
      last_viewed_at: plays(episode.episode_id).length > 0 ? '2026-01-01T00:00:00.000Z' : null,
      favorite_user_keys: [],
    })),
    watch_states: states,
    ...extra,
  };
}

let requestIds = 0;
/** A Seerr request by Seerr user `userId` of instance 9, linked to the given identities. */
export function request(
  userId: number,
  identities: Partial<Request['requester_identities']> = {},
  extra: Partial<Request> = {},
): Request {
  requestIds += 1;
  return {
    service_config_id: 9,
    seerr_request_id: requestIds,
    status: 'approved',
    is_4k: false,
    requested_by: userId,
    requester_identities: {
      seerr_user_key: `9:${userId}`,
      display_name: `Requester ${userId}`,
      username: null,
      email: null,
      plex_id: null,
      plex_username: null,
      jellyfin_user_id: null,
      jellyfin_username: null,
      ...identities,
    },
    requested_at: '2025-12-01T00:00:00.000Z',
    updated_at: null,
    season_numbers: [],
    ...extra,
  };
}

export const requestsOf = (
  root: { media_type: 'movie' | 'series'; media_id: number },
  requests: Request[],
) => ({
  items: [{ media_type: root.media_type, media_id: root.media_id, as_of: nextAsOf(), requests }],
});
