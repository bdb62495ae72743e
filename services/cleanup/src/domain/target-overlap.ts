import type { Scope } from './target';

/** The ids coverage compares (domain.md 7.1); both sides belong to the same root item. */
export interface ScopedIds {
  scope: Scope;
  movieVersionId: number | null;
  seasonId: number | null;
  episodeId: number | null;
}

const same = (a: number | null, b: number | null) => a !== null && a === b;

/**
 * `outer` covers `inner`, downward only — the in-memory twin of target.repository's `covers`: a movie
 * or series covers its whole root; a season itself and its episodes; a version or an episode
 * only itself. Missing ids never match.
 */
export function coversIds(outer: ScopedIds, inner: ScopedIds): boolean {
  switch (outer.scope) {
    case 'movie':
    case 'series':
      return true;
    case 'version':
      return same(outer.movieVersionId, inner.movieVersionId);
    case 'season':
      return same(outer.seasonId, inner.seasonId);
    case 'episode':
      return same(outer.episodeId, inner.episodeId);
  }
}

/** Coverage in either direction (domain.md 5.4). */
export const overlapsIds = (a: ScopedIds, b: ScopedIds) => coversIds(a, b) || coversIds(b, a);

/** The very same target. */
export const sameTarget = (a: ScopedIds, b: ScopedIds) =>
  a.scope === b.scope &&
  a.movieVersionId === b.movieVersionId &&
  a.seasonId === b.seasonId &&
  a.episodeId === b.episodeId;
