/** Sonarr resources → neutral records (§1.4 arr fields, §2.12 dates). */
import type { ArrEpisode, ArrSeries, ArrSeriesStatus } from '../arr/records';
import { toArrFile } from '../arr/shared';
import type { DateSanitiser } from '../dates';
import { imdbIdOf, tmdbIdOf, tvdbIdOf } from '../ids';
import type { SonarrEpisodeResource, SonarrSeriesResource } from './api-types';

const STATUSES: readonly ArrSeriesStatus[] = ['continuing', 'ended', 'upcoming', 'deleted'];

function statusOf(value: string | null): ArrSeriesStatus | null {
  const status = value?.toLowerCase();
  return STATUSES.find((known) => known === status) ?? null;
}

export function toArrSeries(series: SonarrSeriesResource, dates: DateSanitiser): ArrSeries {
  return {
    externalId: series.id,
    tvdbId: tvdbIdOf(series.tvdbId),
    tmdbId: tmdbIdOf(series.tmdbId),
    imdbId: imdbIdOf(series.imdbId),
    title: series.title,
    year: series.year !== null && series.year > 0 ? series.year : null,
    status: statusOf(series.status),
    monitored: series.monitored,
    tagIds: series.tags,
    addedAt: dates.event('arr_added_at', series.added),
    seasons: series.seasons.map((season) => ({
      seasonNumber: season.seasonNumber,
      monitored: season.monitored,
      episodeFileCount: season.statistics?.episodeFileCount ?? null,
      totalEpisodeCount: season.statistics?.totalEpisodeCount ?? null,
    })),
  };
}

export function toArrEpisode(episode: SonarrEpisodeResource, dates: DateSanitiser): ArrEpisode {
  const file = episode.episodeFile ? toArrFile(episode.episodeFile, dates) : null;
  // Sonarr reports episodeFileId 0 for "no file".
  const fileId =
    episode.episodeFileId !== null && episode.episodeFileId > 0 ? episode.episodeFileId : null;
  return {
    externalId: episode.id,
    seriesExternalId: episode.seriesId,
    seasonNumber: episode.seasonNumber,
    episodeNumber: episode.episodeNumber,
    airDate: dates.content('air_date', episode.airDateUtc),
    monitored: episode.monitored,
    hasFile: episode.hasFile ?? fileId !== null,
    episodeFileId: fileId ?? file?.externalId ?? null,
    file,
  };
}
