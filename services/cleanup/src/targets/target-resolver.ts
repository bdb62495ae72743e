import { NotFound, Unprocessable } from '@mcs/kit';
import type { MediaType, Target } from '../domain/target';
import { scopeOf } from '../domain/target';
import { findEpisode, findRoot, findSeason, findVersion } from './media-target.repository';
import type { DbClient } from '../db';

/** A protection target as requested: the root by own id or tmdb id, plus narrower ids. */
export interface TargetInput {
  mediaType: MediaType;
  root: { mediaId: number } | { tmdbId: number };
  movieVersionId?: number;
  seasonId?: number;
  episodeId?: number;
}

const KIND = { movie: 'Movie', series: 'Series' } as const;

const mismatch = (detail: string) => new Unprocessable('target_mismatch', detail);

/**
 * Resolves a target against the media projection (external-api.md 2.7): unknown or
 * soft-removed root, or unknown version/season/episode → 404; ids that do not belong together
 * → 422 target_mismatch. An episode target gets its season from the episode.
 */
export async function resolveTarget(db: DbClient, input: TargetInput): Promise<Target> {
  const { mediaType } = input;
  const root = await findRoot(db, mediaType, input.root);
  if (!root || root.removed) {
    const id = 'mediaId' in input.root ? input.root.mediaId : `with tmdb_id ${input.root.tmdbId}`;
    throw new NotFound(`${KIND[mediaType]} ${id} was not found.`);
  }
  const target: Target = {
    mediaType,
    scope: scopeOf(input),
    mediaId: root.mediaId,
    movieVersionId: null,
    seriesId: mediaType === 'series' ? root.mediaId : null,
    seasonId: null,
    seasonNumber: null,
    episodeId: null,
    episodeNumber: null,
  };
  if (input.movieVersionId !== undefined) {
    const version = await findVersion(db, input.movieVersionId);
    if (!version) throw new NotFound(`Movie version ${input.movieVersionId} was not found.`);
    if (version.movieId !== root.mediaId)
      throw mismatch(`Version ${input.movieVersionId} is not a version of movie ${root.mediaId}.`);
    target.movieVersionId = input.movieVersionId;
  }
  if (input.seasonId !== undefined) {
    const season = await findSeason(db, input.seasonId);
    if (!season) throw new NotFound(`Season ${input.seasonId} was not found.`);
    if (season.seriesId !== root.mediaId)
      throw mismatch(`Season ${input.seasonId} is not a season of series ${root.mediaId}.`);
    Object.assign(target, { seasonId: input.seasonId, seasonNumber: season.seasonNumber });
  }
  if (input.episodeId !== undefined) {
    const episode = await findEpisode(db, input.episodeId);
    if (!episode) throw new NotFound(`Episode ${input.episodeId} was not found.`);
    if (episode.seriesId !== root.mediaId)
      throw mismatch(`Episode ${input.episodeId} is not an episode of series ${root.mediaId}.`);
    if (input.seasonId !== undefined && episode.seasonId !== input.seasonId)
      throw mismatch(`Episode ${input.episodeId} is not in season ${input.seasonId}.`);
    Object.assign(target, {
      seasonId: episode.seasonId,
      seasonNumber: episode.seasonNumber,
      episodeId: input.episodeId,
      episodeNumber: episode.episodeNumber,
    });
  }
  return target;
}
