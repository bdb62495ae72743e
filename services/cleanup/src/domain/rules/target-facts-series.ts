import type { Target } from '../target';
import { type TargetFacts, UNKNOWN_FACT } from './facts';
import type {
  EpisodeFileRow,
  EpisodeRow,
  SeasonRow,
  SeriesProjection,
  SeriesRootFacts,
  TargetWithFacts,
} from './root-projection';
import {
  aggregateFileFacts,
  dateOf,
  diskFreePercent,
  earliest,
  fileFacts,
  metadataFetched,
  rootFacts,
  seriesFolder,
} from './target-facts-root';
import {
  episodeWatchFacts,
  type RootWatch,
  rootWatch,
  type ScopedEpisode,
  seasonFullyWatched,
  seriesWatchFacts,
  type SeriesSpan,
  unplayedEpisodeFacts,
} from './watch-facts';

/**
 * Series, season and episode targets (domain.md 3.4, scopes S, Se, E). Aggregates run over the
 * live episode files in scope; an episode is in scope of the file its `episode_file_id` column
 * names, and has no file when that file is not among the live ones.
 */
export function seriesTarget(series: SeriesProjection, now: Date): TargetWithFacts {
  const root = series.facts;
  const fetched = metadataFetched(root);
  return {
    target: target(series.mediaId, 'series'),
    facts: {
      ...rootFacts(root),
      ...seriesWatchFacts(rootWatch(series.inputs, now), wholeSeries(series)),
      ...aggregateFileFacts(series.files.map((file) => file.facts)),
      'media.path': seriesFolder(series.files.map((file) => file.facts)),
      'media.days_since_added': dateOf(root.added_at),
      'media.days_since_release': fetched ? dateOf(root.first_air_date) : UNKNOWN_FACT,
      'arr.monitored': root.is_monitored,
      'series.status': seriesStatus(root),
      'disk.free_percent': diskFreePercent(root.disk_id, series.inputs.diskFree),
    },
  };
}

export function seasonTargets(series: SeriesProjection, now: Date): TargetWithFacts[] {
  const root = series.facts;
  const files = filesOf(series);
  const watch = rootWatch(series.inputs, now);
  const seasonOf = episodesBySeason(series);
  // A season's path is its series' folder (3.4 #3), not the season's own directory.
  const folder = seriesFolder(series.files.map((file) => file.facts));
  return byId(series.seasons).map((season) => {
    const episodes = seasonOf(season.seasonNumber);
    const own = series.episodes.flatMap((episode) => {
      const file = episode.seasonId === season.id ? files(episode) : undefined;
      return file ? [file] : [];
    });
    // Several episodes of one multi-episode file count its size once.
    const distinct = [...new Set(own)].map((file) => file.facts);
    return {
      target: target(series.mediaId, 'season', season),
      facts: {
        ...rootFacts(root),
        ...seasonFacts(root, season.seasonNumber, watch, episodes),
        ...seriesWatchFacts(watch, {
          scope: 'season',
          seasonNumber: season.seasonNumber,
          episodes,
        }),
        ...aggregateFileFacts(distinct),
        'media.path': folder,
        // "Earliest episode in the season": an episode's added date is that of its file.
        'media.days_since_added': earliest(distinct.map((file) => dateOf(file.added_at))),
        'arr.monitored': season.facts.is_monitored,
        'disk.free_percent': diskFreePercent(root.disk_id, series.inputs.diskFree),
      },
    };
  });
}

/** Episodes without a live file are never candidates (1.4), so they are no targets. */
export function episodeTargets(series: SeriesProjection, now: Date): TargetWithFacts[] {
  const files = filesOf(series);
  const watch = rootWatch(series.inputs, now);
  const shared = sharedBySeason(series, watch);
  return byId(series.episodes).flatMap((episode) => {
    const file = files(episode);
    if (!file) return [];
    const season = shared(episode.seasonNumber);
    return [
      {
        target: target(series.mediaId, 'episode', episode),
        facts: extend(
          season.facts,
          fileFacts(file.facts, series.inputs.diskFree),
          episodeWatchFacts(watch, episode, season.unplayed),
          {
            'episode.days_since_air_date': dateOf(episode.facts.air_date),
            'arr.monitored': episode.facts.is_monitored,
          },
        ),
      },
    ];
  });
}

/**
 * The facts all episodes of a season share, built once per season: a series brings hundreds
 * of episodes, and copying the root's facts into each was the scan's largest cost
 * (bench/cleanup-scan).
 */
function sharedBySeason(
  series: SeriesProjection,
  watch: RootWatch,
): (seasonNumber: number) => { facts: TargetFacts; unplayed: TargetFacts | null } {
  const base = rootFacts(series.facts);
  const seasonOf = episodesBySeason(series);
  const bySeason = new Map<number, { facts: TargetFacts; unplayed: TargetFacts | null }>();
  return (seasonNumber) => {
    let shared = bySeason.get(seasonNumber);
    if (!shared) {
      const unplayed = unplayedEpisodeFacts(watch, seasonNumber);
      const facts = {
        ...base,
        ...seasonFacts(series.facts, seasonNumber, watch, seasonOf(seasonNumber)),
        ...unplayed,
      };
      shared = { facts, unplayed };
      bySeason.set(seasonNumber, shared);
    }
    return shared;
  };
}

/**
 * A target's facts on top of shared ones, without copying them: the evaluator only reads
 * facts by field name, which finds the shared ones through the prototype.
 */
function extend(shared: TargetFacts, ...own: (TargetFacts | null)[]): TargetFacts {
  const facts = Object.create(shared) as TargetFacts;
  for (const part of own) if (part) Object.assign(facts, part);
  return facts;
}

function filesOf(series: SeriesProjection) {
  const byFileId = new Map(series.files.map((file) => [file.id, file]));
  return (episode: EpisodeRow): EpisodeFileRow | undefined =>
    episode.episodeFileId === null ? undefined : byFileId.get(episode.episodeFileId);
}

/** Facts a season and each of its episodes share. */
function seasonFacts(
  root: SeriesRootFacts,
  seasonNumber: number,
  watch: RootWatch,
  episodes: readonly ScopedEpisode[],
): TargetFacts {
  return {
    'series.status': seriesStatus(root),
    'season.number': seasonNumber,
    'season.is_latest': isLatest(root, seasonNumber),
    'season.fully_watched': seasonFullyWatched(watch, episodes),
  };
}

/**
 * What one series, season or episode target covers, for the requester watch report (§10): the
 * same spans the builders above evaluate. null when the season or episode is not live (an
 * episode without a file is no target either).
 */
export function spanOf(
  series: SeriesProjection,
  at: { scope: 'series' | 'season' | 'episode'; seasonNumber?: number; episodeNumber?: number },
): SeriesSpan | null {
  if (at.scope === 'series') return wholeSeries(series);
  const season = episodesBySeason(series)(at.seasonNumber ?? -1);
  const known = series.seasons.some((row) => row.seasonNumber === at.seasonNumber);
  if (at.scope === 'season')
    return known
      ? { scope: 'season', seasonNumber: at.seasonNumber ?? null, episodes: season }
      : null;
  const episode = season.find((item) => item.row.episodeNumber === at.episodeNumber);
  return episode?.hasFile
    ? { scope: 'episode', seasonNumber: episode.row.seasonNumber, episodes: [episode] }
    : null;
}

const wholeSeries = (series: SeriesProjection): SeriesSpan => ({
  scope: 'series',
  seasonNumber: null,
  episodes: byId(series.episodes).map(scopedEpisodes(series)),
});

/** Each episode with whether it has a live file. */
function scopedEpisodes(series: SeriesProjection): (episode: EpisodeRow) => ScopedEpisode {
  const files = filesOf(series);
  return (episode) => ({ row: episode, hasFile: files(episode) !== undefined });
}

/** A season's episodes in id order, grouped once per root. */
function episodesBySeason(series: SeriesProjection): (seasonNumber: number) => ScopedEpisode[] {
  const scoped = scopedEpisodes(series);
  const bySeason = new Map<number, ScopedEpisode[]>();
  for (const episode of byId(series.episodes)) {
    const list = bySeason.get(episode.seasonNumber) ?? [];
    list.push(scoped(episode));
    bySeason.set(episode.seasonNumber, list);
  }
  return (seasonNumber) => bySeason.get(seasonNumber) ?? [];
}

/**
 * The latest season number is known to TMDB or Sonarr, never taken from the library alone
 * (3.4 #30). With metadata fetched and still no number, no season > 0 is known: none is latest.
 */
function isLatest(root: SeriesRootFacts, seasonNumber: number) {
  const latest = root.latest_known_season_number;
  if (latest !== null) return seasonNumber === latest;
  return metadataFetched(root) ? false : UNKNOWN_FACT;
}

const TMDB_STATUS: Readonly<Record<string, string>> = {
  'Returning Series': 'continuing',
  Ended: 'ended',
  Canceled: 'canceled',
  'In Production': 'upcoming',
  Planned: 'upcoming',
  Pilot: 'upcoming',
};

/**
 * 3.4 #27: TMDB `Canceled` wins, then the Sonarr status, then TMDB's. Sonarr's `deleted` is no
 * value of the field, so TMDB answers instead. Without TMDB metadata the Sonarr status is used
 * as is; with neither the value is unknown.
 */
function seriesStatus(root: SeriesRootFacts) {
  const fetched = metadataFetched(root);
  if (fetched && root.status === 'Canceled') return 'canceled';
  if (root.arr_status !== null && root.arr_status !== 'deleted') return root.arr_status;
  if (!fetched) return UNKNOWN_FACT;
  return (root.status !== null && TMDB_STATUS[root.status]) || null;
}

const byId = <T extends { id: number }>(rows: readonly T[]) =>
  [...rows].sort((a, b) => a.id - b.id);

function target(
  mediaId: number,
  scope: 'series' | 'season' | 'episode',
  at?: SeasonRow | EpisodeRow,
): Target {
  const episode = at && 'episodeNumber' in at ? at : null;
  return {
    mediaType: 'series',
    scope,
    mediaId,
    movieVersionId: null,
    seriesId: mediaId,
    seasonId: episode ? episode.seasonId : (at?.id ?? null),
    seasonNumber: at?.seasonNumber ?? null,
    episodeId: episode?.id ?? null,
    episodeNumber: episode?.episodeNumber ?? null,
  };
}
