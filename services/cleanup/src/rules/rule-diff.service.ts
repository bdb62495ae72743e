import { globalDelayDays } from '../domain/auto-delete';
import { type NormalizedRule, validateRule } from '../domain/rules';
import { addPage, emptyDiff, type RuleDiff } from '../domain/scan/rule-diff';
import { scanPage } from '../domain/scan/scan-page';
import { type EnabledRule, SCOPES, scopePlan, TARGET_SCOPE } from '../domain/scan/scope-plan';
import { type Target, targetTitle } from '../domain/target';
import { diffBaseline } from './preview.repository';
import { enabledRules, scanLookups } from '../scan/scan.repository';
import { rootPages } from '../projection/target-facts.repository';
import { previewTarget } from '../targets/target.view';
import { ruleInvalid } from './rule-errors';
import type { EvaluationDeps } from '../scan/evaluation';
import type { CleanupSettingsReader } from '../settings/cleanup-settings';
import { ruleValidationContext } from './rule-context';

/** The id a new draft takes in memory; saved rules start at 1. */
const DRAFT_ID = 0;

/**
 * `POST /api/rules/preview` in `diff` mode (domain.md 4.4): the scan's own page decision
 * (`scanPage`) with the draft in place of the saved rule `ruleId` (or added), against the
 * current candidates, writing nothing. A candidate rule can change candidates of its own scope;
 * a protect rule those of every scope of its media type (a series protection covers episodes).
 */
export class RuleDiffService {
  constructor(private readonly deps: EvaluationDeps & { settings: CleanupSettingsReader }) {}

  async diff(body: unknown, ruleId: number | undefined) {
    const { db, clock } = this.deps;
    const context = await ruleValidationContext(db, this.deps.settings, { purpose: 'preview' });
    const result = validateRule(body, context);
    if (!result.ok) throw ruleInvalid(result.errors);
    const draft = result.rule;
    const now = clock();
    const mediaType = draft.media_type;
    const rules = (await enabledRules(db)).filter((entry) => entry.rule.id !== ruleId);
    if (draft.enabled) rules.push(asEnabled(draft, ruleId ?? DRAFT_ID));
    const outcome = draft.action.outcome;
    const affected = outcome === 'protect' ? SCOPES[mediaType] : [draft.target_scope];
    const scopes = scopePlan(rules, mediaType).map((plan) =>
      affected.includes(plan.scope) ? plan : { ...plan, candidateRules: [] },
    );
    const deciding = new Set(scopes.filter((p) => p.candidateRules.length > 0).map((p) => p.scope));
    const leftover = new Set(affected.filter((s) => !deciding.has(s)).map((s) => TARGET_SCOPE[s]));
    const availability = await this.deps.sourceStatus.availability();
    const delay = globalDelayDays(await this.deps.settings.current(), mediaType);
    const diff = emptyDiff();
    for await (const page of rootPages(this.deps.direct, mediaType)) {
      const ids = page.map((root) => root.mediaId);
      const lookups = await scanLookups(db, mediaType, ids, now);
      const titles = new Map(page.map((root) => [root.mediaId, root.facts.title]));
      const titleOf = (target: Target) => targetTitle(titles.get(target.mediaId) ?? null, target);
      addPage(diff, {
        changes: scanPage({
          roots: page,
          scopes,
          ...lookups,
          availability,
          now,
          globalDelayDays: delay,
        }),
        baseline: (await diffBaseline(db, mediaType, ids)).map((c) => ({
          ...c,
          title: titleOf(c),
        })),
        scopes: new Set(affected.map((scope) => TARGET_SCOPE[scope])),
        leftover,
        titleOf,
        now,
      });
    }
    return diffView(diff);
  }
}

function diffView(diff: RuleDiff) {
  return {
    summary: diff.summary,
    added: diff.added.map(({ target, title, ...rest }) => ({
      target: previewTarget(target, title),
      ...rest,
    })),
    removed: diff.removed.map(({ candidate_id, target, title }) => ({
      candidate_id,
      target: previewTarget(target, title),
    })),
    retimed: diff.retimed,
    truncated: diff.truncated,
  };
}

function asEnabled(draft: NormalizedRule, id: number): EnabledRule {
  return {
    mediaType: draft.media_type,
    outcome: draft.action.outcome,
    rule: {
      id,
      name: draft.name ?? 'Draft',
      scope: draft.target_scope,
      definition: draft.definition,
      action: draft.action,
    },
  };
}
