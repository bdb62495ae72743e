import type { DbClient } from '../db';
import type { RuleValidationContext } from '../domain/rules';
import { knownArrServices, knownLibraryIds } from '../repositories/rule-context.repository';
import { otherRuleNames } from '../repositories/rule.repository';

/**
 * What rule validation checks against (domain.md 3.9), for saving (names must be free) or for
 * a preview (an unnamed draft is fine).
 */
export async function ruleValidationContext(
  db: DbClient,
  use: { purpose: 'save'; exceptId?: number } | { purpose: 'preview' },
): Promise<RuleValidationContext> {
  return {
    libraryIds: await knownLibraryIds(db),
    arrServices: await knownArrServices(db),
    // Move destinations are general settings, which do not exist yet: moves cannot be
    // configured, and catalog refuses them (path_unmapped) until they do.
    moveDestinations: { movie: false, series: false },
    ...(use.purpose === 'save'
      ? { takenNames: await otherRuleNames(db, use.exceptId) }
      : { purpose: 'preview' as const }),
  };
}
