/**
 * Tri-state results (domain.md 3.10): every condition, group and rule is `match`, `no_match`
 * or `unknown`. `unknown` neither creates, removes nor re-times a candidate.
 */
export type Verdict = 'match' | 'no_match' | 'unknown';

export function verdictOf(matches: boolean): Verdict {
  return matches ? 'match' : 'no_match';
}

/** AND: any no_match decides; otherwise any unknown leaves it open. */
export function allOf(verdicts: readonly Verdict[]): Verdict {
  if (verdicts.includes('no_match')) return 'no_match';
  return verdicts.includes('unknown') ? 'unknown' : 'match';
}

/** OR: any match decides; otherwise any unknown leaves it open. */
export function anyOf(verdicts: readonly Verdict[]): Verdict {
  if (verdicts.includes('match')) return 'match';
  return verdicts.includes('unknown') ? 'unknown' : 'no_match';
}
