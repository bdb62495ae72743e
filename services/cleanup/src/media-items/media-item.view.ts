import type { InternalApi } from '@mcs/contracts';
import type { EpisodeRecord, MediaItemRecord, VersionRecord } from './media-items.repository';

type Schemas = InternalApi.components['schemas'];
type Detail = Schemas['MediaItemDetail'];

export function summaryView(
  record: MediaItemRecord,
  candidates: boolean,
): Schemas['MediaItemSummary'] {
  return {
    media_type: record.mediaType,
    media_id: record.mediaId,
    title: record.title,
    year: record.year,
    tmdb_id: record.tmdbId,
    poster_url: record.posterUrl,
    size_bytes: record.sizeBytes,
    candidate_ids: candidates ? record.candidateIds : [],
    protection_ids: record.protectionIds,
    removed_at: record.removedAt?.toISOString() ?? null,
  };
}

export function versionView(record: VersionRecord): Detail['versions'][number] {
  return {
    id: record.id,
    file_name: record.fileName,
    size_bytes: record.sizeBytes,
    resolution: record.resolution,
    video_codec: record.videoCodec,
    hdr: record.hdr,
    dolby_vision: record.dolbyVision,
    added_at: record.addedAt,
  };
}

/** Seasons in order, each with its episodes in order. */
export function seasonsView(parts: {
  seasons: { id: number; seasonNumber: number }[];
  episodes: EpisodeRecord[];
}): Detail['seasons'] {
  return parts.seasons.map((season) => ({
    id: season.id,
    season_number: season.seasonNumber,
    episodes: parts.episodes
      .filter((episode) => episode.seasonId === season.id)
      .map((episode) => ({
        id: episode.id,
        episode_number: episode.episodeNumber,
        title: episode.title,
        air_date: episode.airDate,
        has_file: episode.hasFile,
      })),
  }));
}
