import { evaluate } from '../rules/evaluate';
import type { SourceAvailability } from '../rules/facts';
import type { RootProjection } from '../rules/root-projection';
import { buildTargets } from '../rules/target-facts';
import type { ScanRule } from '../scan/candidate-decision';
import { type Target } from '../target';
import { sameTarget } from '../target-overlap';

export type Revalidation = 'ok' | 'revalidated_out' | 'source_unavailable';

/**
 * Right before acting on an eligible candidate (domain.md 6.1 step 4), against the freshest
 * projection: the target is still live, every enabled protect rule of its scope says
 * `no_match`, and at least one of its opted-in rules still says `match`. Anything undecided is
 * `source_unavailable`; neither outcome deletes anything. Pure.
 */
export function revalidate(input: {
  target: Target;
  root: RootProjection | undefined;
  protectRules: readonly ScanRule[];
  /** The candidate's matched rules that are enabled and opted into auto-delete. */
  optedInRules: readonly ScanRule[];
  availability: SourceAvailability;
  now: Date;
}): Revalidation {
  const scope = input.optedInRules[0]?.scope;
  if (!input.root || !scope) return 'revalidated_out';
  const built = buildTargets(input.root, scope, input.now).find((item) =>
    sameTarget(item.target, input.target),
  );
  if (!built) return 'revalidated_out';
  const verdictOf = (rule: ScanRule) =>
    evaluate(rule, built.facts, input.availability, input.now).verdict;
  const protect = input.protectRules.map(verdictOf);
  if (protect.includes('match')) return 'revalidated_out';
  if (protect.includes('unknown')) return 'source_unavailable';
  const own = input.optedInRules.map(verdictOf);
  if (own.includes('match')) return 'ok';
  return own.includes('unknown') ? 'source_unavailable' : 'revalidated_out';
}

/** Files an operation on `target` would remove or move, for the breaker (6.2). */
export function filesOf(root: RootProjection | undefined, target: Target): number {
  if (!root) return 0;
  if (root.mediaType === 'movie') return 1;
  const live = new Set(root.files.map((file) => file.id));
  const inScope = root.episodes.filter(
    (episode) =>
      episode.episodeFileId !== null &&
      live.has(episode.episodeFileId) &&
      (target.scope === 'series' ||
        (target.scope === 'season' && episode.seasonId === target.seasonId) ||
        (target.scope === 'episode' && episode.id === target.episodeId)),
  );
  return new Set(inScope.map((episode) => episode.episodeFileId)).size;
}
