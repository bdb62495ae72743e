import { type TargetFacts, UNKNOWN_FACT } from './facts';
import { type EpisodeWatch, liveRequests, requesterKey, type RootInputs } from './inputs';
import {
  type Completions,
  completionsOf,
  explainRequesterWatch,
  type IdentityCache,
  itemKey,
  type RequiredItem,
} from './requester-watch';
import type { EpisodeRow } from './root-projection';
import { dateOf } from './target-facts-root';

/**
 * Watch, request and favourite facts (domain.md 3.4 #9-16, #29, #38) from a root's inputs. The
 * evaluator gates each field on its source's availability (2.13), so these builders only turn
 * catalog's data into values: no watch row means no play, no request row no request.
 */

/** What every target of one root reads, indexed once per root. */
export interface RootWatch {
  inputs: RootInputs;
  completions: Completions;
  episodes: ReadonlyMap<number, EpisodeWatch>;
  /** Identity resolution per requester, shared by the root's targets (it scans every user). */
  identities: IdentityCache;
  now: Date;
}

/**
 * Indexed once per root and scan: the scopes of one root share it, and a scan builds the targets
 * of a root once per scope (bench/cleanup-scan).
 */
const indexed = new WeakMap<RootInputs, RootWatch>();

export function rootWatch(inputs: RootInputs, now: Date): RootWatch {
  const known = indexed.get(inputs);
  if (known && known.now.getTime() === now.getTime()) return known;
  const watch = index(inputs, now);
  indexed.set(inputs, watch);
  return watch;
}

function index(inputs: RootInputs, now: Date): RootWatch {
  return {
    inputs,
    completions: completionsOf(inputs.watch?.watch_states ?? []),
    episodes: new Map(
      (inputs.watch?.episodes ?? []).map((episode) => [episode.episode_id, episode]),
    ),
    identities: new Map(),
    now,
  };
}

/** The movie's own watch data; its versions share it (1.7). */
export function movieWatchFacts(movieId: number, watch: RootWatch): TargetFacts {
  const data = watch.inputs.watch;
  const views = data?.view_count ?? 0;
  return {
    'watch.view_count': views,
    'watch.days_since_last_watched': dateOf(data?.last_viewed_at),
    'watch.never_watched': views === 0,
    'playback.watched_by': completedByAll(watch.completions, [movieItem(movieId)]),
    'favorites.exists': (data?.favorite_user_keys.length ?? 0) > 0,
    ...requestFacts(watch, { scope: 'movie', movieId }),
  };
}

/** An episode in the scope of a series, season or episode target. */
export interface ScopedEpisode {
  row: EpisodeRow;
  hasFile: boolean;
}

/** The episodes of a series, a season (`seasonNumber`) or one episode target. */
export interface SeriesSpan {
  scope: 'series' | 'season' | 'episode';
  seasonNumber: number | null;
  episodes: readonly ScopedEpisode[];
}

/**
 * Facts of a series (`seasonNumber` null), a season or one episode over the episodes in its
 * scope. An episode target requires that one episode (§10), aired or not.
 */
export function seriesWatchFacts(watch: RootWatch, span: SeriesSpan): TargetFacts {
  const data = watch.inputs.watch;
  const rows = span.episodes.map((episode) => watch.episodes.get(episode.row.id));
  const views = rows.reduce((sum, row) => sum + (row?.view_count ?? 0), 0);
  const last = rows
    .map((row) => row?.last_viewed_at ?? null)
    .filter((value) => value !== null)
    .sort()
    .at(-1);
  const required =
    span.scope === 'episode' ? span.episodes.map(requiredOf) : watchable(span.episodes, watch.now);
  return {
    'watch.view_count': views,
    'watch.days_since_last_watched': dateOf(last),
    'watch.never_watched': views === 0,
    'playback.watched_by': required.length === 0 ? [] : completedByAll(watch.completions, required),
    'favorites.exists':
      (data?.favorite_user_keys.length ?? 0) > 0 ||
      rows.some((row) => (row?.favorite_user_keys.length ?? 0) > 0),
    ...requestFacts(watch, span),
  };
}

/**
 * What an episode nobody played and no request covers reads (the season's episodes share it);
 * null when the season is requested, since then every episode has its own request facts.
 */
export function unplayedEpisodeFacts(watch: RootWatch, seasonNumber: number): TargetFacts | null {
  if (liveRequests(watch.inputs.requests, seasonNumber).length > 0) return null;
  return {
    'watch.view_count': 0,
    'watch.days_since_last_watched': null,
    'watch.never_watched': true,
    'playback.watched_by': [],
    'favorites.exists': (watch.inputs.watch?.favorite_user_keys.length ?? 0) > 0,
    ...NOT_REQUESTED,
  };
}

/**
 * One episode target's own watch and request facts, or none when `unplayedEpisodeFacts` of its
 * season already says everything: most episodes of a library were never played, and building
 * a million identical fact sets was most of a scan's time (bench/cleanup-scan).
 */
export function episodeWatchFacts(
  watch: RootWatch,
  episode: EpisodeRow,
  seasonDefaults: TargetFacts | null,
): TargetFacts | null {
  // catalog lists every live episode of a watched series; one with no play and no favourite
  // reads exactly the season's defaults.
  const row = watch.episodes.get(episode.id);
  const played =
    (row !== undefined &&
      (row.view_count > 0 || row.last_viewed_at !== null || row.favorite_user_keys.length > 0)) ||
    watch.completions.has(itemKey({ episodeId: episode.id }));
  if (!played && seasonDefaults) return null;
  return seriesWatchFacts(watch, {
    scope: 'episode',
    seasonNumber: episode.seasonNumber,
    episodes: [{ row: episode, hasFile: true }],
  });
}

/** 3.4 #29: every aired episode of the season with a file was completed by someone; none: false. */
export function seasonFullyWatched(watch: RootWatch, season: readonly ScopedEpisode[]): boolean {
  const items = watchable(season, watch.now);
  return (
    items.length > 0 &&
    items.every((item) => (watch.completions.get(itemKey(item))?.length ?? 0) > 0)
  );
}

type Requests = RootInputs['requests'];

/** What a target covers: a movie, or the episodes of a series, season or episode target. */
export type WatchSpan = { scope: 'movie'; movieId: number } | SeriesSpan;

/**
 * §10 for one target: the requests that count (1.8), the items required of each requester, and
 * the verdict. The scan's fact and the explain route both come from here.
 */
export function requesterWatchFor(watch: RootWatch, span: WatchSpan) {
  const requests = liveRequests(
    watch.inputs.requests,
    span.scope === 'movie' ? null : span.seasonNumber,
  );
  const required = requests.length === 0 ? [] : requiredItems(watch, span, requests);
  const explained = explainRequesterWatch({
    requests,
    required,
    completions: watch.completions,
    users: watch.inputs.users,
    identities: watch.identities,
  });
  return { ...explained, requests, required };
}

/** §10 "episodes required": the movie; the episode; a season's or the requested seasons' watchable episodes. */
function requiredItems(watch: RootWatch, span: WatchSpan, requests: Requests): RequiredItem[] {
  switch (span.scope) {
    case 'movie':
      return [movieItem(span.movieId)];
    case 'episode':
      return span.episodes.map(requiredOf);
    case 'season':
      return watchable(span.episodes, watch.now);
    case 'series':
      return watchable(requestedEpisodes(span.episodes, requests), watch.now);
  }
}

const NOT_REQUESTED = {
  'seerr.requested': false,
  'seerr.requested_by': [],
  'seerr.days_since_requested': null,
  'seerr.requester_has_watched': null,
} as const satisfies TargetFacts;

/** seerr.* (3.4 #13-16) for the requests that count for the target (1.8). */
function requestFacts(watch: RootWatch, span: WatchSpan): TargetFacts {
  if (watch.inputs.requests.length === 0) return NOT_REQUESTED;
  const { requests, value } = requesterWatchFor(watch, span);
  const dates = requests.map((request) => request.requested_at).filter((value) => value !== null);
  return {
    'seerr.requested': requests.length > 0,
    'seerr.requested_by': [...new Set(requests.map(requesterKey))].sort(),
    'seerr.days_since_requested': dateOf(dates.sort().at(-1)),
    'seerr.requester_has_watched': value === 'unknown' ? UNKNOWN_FACT : value,
  };
}

/**
 * Episodes a viewer is expected to have seen (§10): aired, with a live file. An episode on disk
 * without an air date counts as aired: it can be watched, and requiring it never makes a
 * "watched" answer easier to reach.
 */
export function watchable(episodes: readonly ScopedEpisode[], now: Date): RequiredItem[] {
  return episodes
    .filter((episode) => episode.hasFile)
    .filter(
      (episode) =>
        episode.row.facts.air_date === null ||
        Date.parse(episode.row.facts.air_date) <= now.getTime(),
    )
    .map(requiredOf);
}

const movieItem = (movieId: number): RequiredItem => ({
  movieId,
  episodeId: null,
  seasonNumber: null,
  episodeNumber: null,
  airDate: null,
});

const requiredOf = ({ row }: ScopedEpisode): RequiredItem => ({
  movieId: null,
  episodeId: row.id,
  seasonNumber: row.seasonNumber,
  episodeNumber: row.episodeNumber,
  airDate: row.facts.air_date,
});

/**
 * A series' episodes in the seasons its requests cover (§10): every season when a request names
 * none, except season 0, which counts only when a request names it.
 */
export function requestedEpisodes(
  episodes: readonly ScopedEpisode[],
  requests: Requests,
): ScopedEpisode[] {
  const all = requests.some((request) => request.season_numbers.length === 0);
  const named = new Set(requests.flatMap((request) => request.season_numbers));
  return episodes.filter(({ row }) => named.has(row.seasonNumber) || (all && row.seasonNumber > 0));
}

/** Playback users who completed every one of `items`. */
function completedByAll(completions: Completions, items: readonly RequiredItem[]): string[] {
  let users: Set<string> | null = null;
  for (const item of items) {
    const here = new Set(
      (completions.get(itemKey(item)) ?? []).map((state) => state.playback_user_key),
    );
    users = users === null ? here : new Set([...users].filter((user: string) => here.has(user)));
    if (users.size === 0) break;
  }
  return [...(users ?? [])].sort();
}
