import type { RuleScope } from './field-catalogue';
import type { RootProjection, TargetWithFacts } from './root-projection';
import { movieVersionTargets } from './target-facts-movie';
import { episodeTargets, seasonTargets, seriesTarget } from './target-facts-series';

/**
 * Every target of `scope` under one root, in id order. A scope of the other media type has no
 * targets (a movie has no seasons; a series no versions). `now` decides which episodes have
 * aired (season.fully_watched, requester watch).
 */
export function buildTargets(root: RootProjection, scope: RuleScope, now: Date): TargetWithFacts[] {
  if (root.mediaType === 'movie')
    return scope === 'movie_version' ? movieVersionTargets(root, now) : [];
  switch (scope) {
    case 'movie_version':
      return [];
    case 'series':
      return [seriesTarget(root, now)];
    case 'season':
      return seasonTargets(root, now);
    case 'episode':
      return episodeTargets(root, now);
  }
}
