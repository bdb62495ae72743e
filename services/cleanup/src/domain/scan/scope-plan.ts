import type { RuleScope } from '../rules/field-catalogue';
import type { RuleOutcome } from '../rules/rule-types';
import type { MediaType, Scope } from '../target';
import type { ScanRule } from './candidate-decision';
import type { ScopeRules } from './scan-page';

/** An enabled rule as scans, previews and deletion runs read it. */
export interface EnabledRule {
  mediaType: MediaType;
  outcome: RuleOutcome;
  rule: ScanRule;
}

/** Scopes of each media type, broadest first: a series' protections apply to its episodes. */
export const SCOPES: Readonly<Record<MediaType, readonly RuleScope[]>> = {
  movie: ['movie_version'],
  series: ['series', 'season', 'episode'],
};

export const TARGET_SCOPE: Readonly<Record<RuleScope, Scope>> = {
  movie_version: 'version',
  series: 'series',
  season: 'season',
  episode: 'episode',
};

/** The scopes of a media type that have an enabled rule, broadest first, rules by outcome. */
export function scopePlan(rules: readonly EnabledRule[], mediaType: MediaType): ScopeRules[] {
  const of = (scope: RuleScope, outcome: RuleOutcome): ScanRule[] =>
    rules
      .filter((entry) => entry.mediaType === mediaType)
      .filter((entry) => entry.rule.scope === scope && entry.outcome === outcome)
      .map((entry) => entry.rule);
  return SCOPES[mediaType]
    .map((scope) => ({
      scope,
      candidateRules: of(scope, 'candidate'),
      protectRules: of(scope, 'protect'),
    }))
    .filter((plan) => plan.candidateRules.length + plan.protectRules.length > 0);
}
