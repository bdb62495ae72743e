/**
 * Targets of candidates, protections and file operations (domain.md conventions): a movie, a
 * movie version (file), a series, a season or an episode, always with its root item.
 */
export type MediaType = 'movie' | 'series';
export type Scope = 'movie' | 'version' | 'series' | 'season' | 'episode';

/** A root media item: whose links, lock or presence changed (cleanup.media_links_changed). */
export interface MediaKey {
  mediaType: MediaType;
  mediaId: number;
}

export interface Target {
  mediaType: MediaType;
  scope: Scope;
  /** Own id of the root movie or series. */
  mediaId: number;
  movieVersionId: number | null;
  /** Equals mediaId for series targets; null for movies. */
  seriesId: number | null;
  seasonId: number | null;
  seasonNumber: number | null;
  episodeId: number | null;
  episodeNumber: number | null;
}

/** The narrowest entity named decides the scope (external-api.md 2.7). */
export function scopeOf(ids: {
  mediaType: MediaType;
  movieVersionId?: number | null;
  seasonId?: number | null;
  episodeId?: number | null;
}): Scope {
  if (ids.mediaType === 'movie') return ids.movieVersionId ? 'version' : 'movie';
  if (ids.episodeId) return 'episode';
  return ids.seasonId ? 'season' : 'series';
}

/**
 * Depth of a scope below its root. Among several protections covering one target the deepest
 * (narrowest) is the one to reuse: widening it changes the least.
 */
export const SCOPE_DEPTH: Record<Scope, number> = {
  movie: 0,
  series: 0,
  season: 1,
  version: 2,
  episode: 2,
};

const pad = (n: number) => String(n).padStart(2, '0');

/** Display title of a target: "<title> S01" for seasons, "<title> S01E02" for episodes. */
export function targetTitle(rootTitle: string | null, target: Target): string {
  const title = rootTitle ?? 'Unknown media';
  if (target.scope === 'season' && target.seasonNumber !== null)
    return `${title} S${pad(target.seasonNumber)}`;
  if (target.scope === 'episode' && target.seasonNumber !== null && target.episodeNumber !== null)
    return `${title} S${pad(target.seasonNumber)}E${pad(target.episodeNumber)}`;
  return title;
}
