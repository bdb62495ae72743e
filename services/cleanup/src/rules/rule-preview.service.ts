import type { CleanupSettingsReader } from '../settings/cleanup-settings';
import { limitOffset, type Paging } from '@mcs/kit';
import {
  buildTargets,
  type ConditionResult,
  evaluate,
  type NormalizedRule,
  type RootProjection,
  validateRule,
  type Verdict,
} from '../domain/rules';
import { type Target, targetTitle } from '../domain/target';
import { previewLookups } from './preview.repository';
import { overlapsIds, sameTarget } from '../domain/target-overlap';
import { sourceStatuses } from '../sources/source-status.repository';
import { rootPages } from '../projection/target-facts.repository';
import { ruleInvalid } from './rule-errors';
import type { EvaluationDeps } from '../scan/evaluation';
import { ruleValidationContext } from './rule-context';
import { previewTarget } from '../targets/target.view';

interface PreviewItem {
  target: Target & { title: string };
  verdict: Verdict;
  protected: boolean;
  existing_candidate_id: number | null;
  conditions: ConditionResult[];
}

/**
 * `POST /api/rules/preview` in `matches` mode (internal-api.md 10, domain.md 4.4): the rule —
 * saved or a draft — evaluated by the scan's evaluator over cleanup's projection, page by
 * page, writing nothing. Items are the targets that match or cannot be decided (`unknown`);
 * protect-rule previews include targets that are already protected (seed rule 6).
 */
export class RulePreviewService {
  constructor(private readonly deps: EvaluationDeps & { settings: CleanupSettingsReader }) {}

  async matches(body: unknown, paging: Paging) {
    const { db, clock } = this.deps;
    const context = await ruleValidationContext(db, this.deps.settings, { purpose: 'preview' });
    const result = validateRule(body, context);
    if (!result.ok) throw ruleInvalid(result.errors);
    const rule = result.rule;
    const now = clock();
    const availability = await this.deps.sourceStatus.availability();
    const { limit, offset } = limitOffset(paging);
    const summary: Summary = {
      evaluated: 0,
      matched: 0,
      unknown: 0,
      no_match: 0,
      already_protected: 0,
      already_candidates: 0,
      would_schedule: 0,
    };
    const items: PreviewItem[] = [];
    const lookups = await previewLookups(db, rule.media_type, now);
    const stateOf = (target: Target) => ({
      protected: (lookups.protections.get(target.mediaId) ?? []).some((p) =>
        overlapsIds(p, target),
      ),
      candidateId:
        (lookups.candidates.get(target.mediaId) ?? []).find((c) => sameTarget(c, target))?.id ??
        null,
    });
    let listed = 0;
    for await (const page of rootPages(this.deps.direct, rule.media_type)) {
      const decided = page.flatMap((root) =>
        buildTargets(root, rule.target_scope, now).map(({ target, facts }) => ({
          root,
          target,
          evaluation: evaluate(rule, facts, availability, now),
        })),
      );
      summary.evaluated += decided.length;
      const shown = decided.filter(({ evaluation }) => evaluation.verdict !== 'no_match');
      summary.no_match += decided.length - shown.length;
      shown.forEach(({ root, target, evaluation }) => {
        const state = stateOf(target);
        count(summary, rule, evaluation.verdict, state);
        if (listed >= offset && listed < offset + limit)
          items.push({
            target: { ...target, title: targetTitle(titleOf(root), target) },
            verdict: evaluation.verdict,
            protected: state.protected,
            existing_candidate_id: state.candidateId,
            conditions: evaluation.conditions,
          });
        listed += 1;
      });
    }
    return {
      summary,
      items: items.map(itemView),
      sources: (await sourceStatuses(db)).map((status) => ({
        source: status.source,
        service_config_id: status.service_config_id,
        state: status.state,
        last_success_at: status.last_success_at,
      })),
      page: paging.page,
      per_page: paging.perPage,
      total: listed,
    };
  }
}

interface Summary {
  evaluated: number;
  matched: number;
  unknown: number;
  no_match: number;
  already_protected: number;
  already_candidates: number;
  would_schedule: number;
}

function count(
  summary: Summary,
  rule: NormalizedRule,
  verdict: Verdict,
  state: { protected: boolean; candidateId: number | null },
): void {
  if (verdict === 'unknown') {
    summary.unknown += 1;
    return;
  }
  summary.matched += 1;
  if (state.protected) summary.already_protected += 1;
  if (state.candidateId !== null) summary.already_candidates += 1;
  // Protect beats candidate (domain.md 3.8): a protected target never becomes a candidate.
  if (rule.action.outcome === 'candidate' && !state.protected) summary.would_schedule += 1;
}

const titleOf = (root: RootProjection): string | null => root.facts.title;

function itemView(item: PreviewItem) {
  return {
    target: previewTarget(item.target, item.target.title),
    verdict: item.verdict,
    protected: item.protected,
    existing_candidate_id: item.existing_candidate_id,
    conditions: item.conditions,
  };
}
