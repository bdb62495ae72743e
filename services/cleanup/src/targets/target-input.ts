import type { TargetInput } from './target-resolver';
import type { Input } from '@mcs/kit';

export const MEDIA_TYPES = ['movie', 'series'] as const;

/**
 * The target of a protection (internal-api.md 1.3 "Target input"): `media_type` and exactly one
 * of `media_id` / `tmdb_id`, with a version only for movies and a season or episode only for
 * series. The gateway enforces the same; the service checks again because it is cheap.
 */
export function readTargetInput(body: Input): TargetInput {
  const mediaType = body.oneOf('media_type', MEDIA_TYPES);
  if (!body.has('media_type')) body.fail('media_type', 'Is required.');
  const mediaId = body.int('media_id', { min: 1 });
  const tmdbId = body.int('tmdb_id', { min: 1 });
  if (body.has('media_id') === body.has('tmdb_id'))
    body.fail('media_id', 'Exactly one of media_id and tmdb_id is required.');
  const movieVersionId = body.int('movie_version_id', { min: 1 });
  const seasonId = body.int('season_id', { min: 1 });
  const episodeId = body.int('episode_id', { min: 1 });
  if (mediaType === 'series' && body.has('movie_version_id'))
    body.fail('movie_version_id', 'Only movies have versions.');
  if (mediaType === 'movie') {
    if (body.has('season_id')) body.fail('season_id', 'Only series have seasons.');
    if (body.has('episode_id')) body.fail('episode_id', 'Only series have episodes.');
  }
  // When a field failed, the fallbacks below are never used: body.done() throws first.
  const root = mediaId !== undefined ? { mediaId } : { tmdbId: tmdbId ?? 0 };
  return { mediaType: mediaType ?? 'movie', root, movieVersionId, seasonId, episodeId };
}
