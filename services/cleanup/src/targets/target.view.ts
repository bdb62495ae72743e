import type { Target } from '../domain/target';

/** The target fields of candidates and protections on the wire (external-api.md 2.3, 2.7). */
export function targetFields(target: Target) {
  return {
    media_type: target.mediaType,
    scope: target.scope,
    media_id: target.mediaId,
    movie_version_id: target.movieVersionId,
    series_id: target.seriesId,
    season_id: target.seasonId,
    season_number: target.seasonNumber,
    episode_id: target.episodeId,
    episode_number: target.episodeNumber,
  };
}

/** A target as rule previews show it (internal.yaml PreviewTarget): ids and a display title. */
export function previewTarget(target: Target, title: string) {
  return {
    scope: target.scope,
    media_id: target.mediaId,
    movie_version_id: target.movieVersionId,
    series_id: target.seriesId,
    season_id: target.seasonId,
    episode_id: target.episodeId,
    title,
    season_number: target.seasonNumber,
    episode_number: target.episodeNumber,
  };
}
