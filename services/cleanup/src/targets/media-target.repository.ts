import { num } from '@mcs/kit';
import type { MediaType } from '../domain/target';
import type { DbClient } from '../db';

/** Lookups that resolve a protection target (external-api.md 2.7) from the projection. */
export interface RootItem {
  mediaId: number;
  removed: boolean;
}

export async function findRoot(
  db: DbClient,
  mediaType: MediaType,
  by: { mediaId: number } | { tmdbId: number },
): Promise<RootItem | undefined> {
  const item = await db.mediaItem.findFirst({
    where:
      'mediaId' in by
        ? { mediaType, mediaId: BigInt(by.mediaId) }
        : // tmdb ids are unique among live items only: look among those.
          { mediaType, tmdbId: BigInt(by.tmdbId), removedAt: null },
    select: { mediaId: true, removedAt: true },
  });
  return item ? { mediaId: num(item.mediaId), removed: item.removedAt !== null } : undefined;
}

export async function findVersion(db: DbClient, id: number) {
  const row = await db.movieVersion.findUnique({
    where: { id: BigInt(id) },
    select: { movieId: true },
  });
  return row && { movieId: num(row.movieId) };
}

export async function findSeason(db: DbClient, id: number) {
  const row = await db.season.findUnique({
    where: { id: BigInt(id) },
    select: { seriesId: true, seasonNumber: true },
  });
  return row && { seriesId: num(row.seriesId), seasonNumber: row.seasonNumber };
}

export async function findEpisode(db: DbClient, id: number) {
  const row = await db.episode.findUnique({
    where: { id: BigInt(id) },
    select: { seriesId: true, seasonId: true, seasonNumber: true, episodeNumber: true },
  });
  return (
    row && {
      seriesId: num(row.seriesId),
      seasonId: num(row.seasonId),
      seasonNumber: row.seasonNumber,
      episodeNumber: row.episodeNumber,
    }
  );
}
