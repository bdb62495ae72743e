import type { TaskContext, TaskOutcome } from '@mcs/kit';
import { SYSTEM_ACTOR } from '../domain/actor';
import { globalDelayDays } from '../domain/auto-delete';
import type { SourceAvailability } from '../domain/rules';
import { type PageChanges, scanPage } from '../domain/scan/scan-page';
import { type EnabledRule, scopePlan, TARGET_SCOPE } from '../domain/scan/scope-plan';
import type { Tx } from '../db';
import { lockCandidateWorkflow } from '../targets/locks.repository';
import { findProtections } from '../protections/protection.repository';
import {
  enabledRules,
  liveRootCount,
  markUnknown,
  orphanRuleProtectionIds,
  scanLookups,
  unvisitedCandidateIds,
} from './scan.repository';
import { rootPages } from '../projection/target-facts.repository';
import type { CandidateContinuity } from '../candidates/candidate-continuity.service';
import { type InputRefresher, refreshableSources } from './input-refresher';
import type { ProtectionWriter } from '../protections/protection-writer';
import type { EvaluationDeps } from './evaluation';
import type { CleanupSettingsReader } from '../settings/cleanup-settings';
import { candidateTotals } from '../candidates/candidate.repository';
import { newCandidatesNotification, type ScanDigest } from '../domain/notifications/messages';
import type { Notifier } from '../notifications/notifier';

export type ScanSummary = {
  evaluated: number;
  created: number;
  updated: number;
  removed: number;
  unknown: number;
  excluded_protected: number;
  rule_protections_created: number;
  rule_protections_removed: number;
  sources_unavailable: string[];
};

/**
 * `scan_cleanup_candidates` (domain.md 4.1): every enabled rule over cleanup's projection,
 * with one availability snapshot, page by page. Each page is one transaction under the
 * candidate workflow lock (lookups, rule protections, candidates, announcements, outbox), so
 * candidate actions wait at most one page; the task runner keeps scans and deletion runs apart.
 */
export class ScanService {
  constructor(
    private readonly deps: EvaluationDeps & {
      continuity: CandidateContinuity;
      writer: ProtectionWriter;
      refresher: InputRefresher;
      /** The global review delays a rule without its own delay inherits (domain.md 5.1). */
      settings: CleanupSettingsReader;
      notifier: Notifier;
    },
  ) {}

  /**
   * Step 2 of a scheduled scan: catalog re-reads the sources the enabled rules read (Arr lists,
   * disk space, the Seerr sweep when its snapshot is over an hour old, incremental playback)
   * and publishes what changed before it answers. A source that failed changes nothing here:
   * the scan goes on with the projection and the sources' states. No answer within the wait
   * (catalog down or its messages not applied) fails the run naming that cause: evaluating
   * would decide on inputs the run was meant to refresh first.
   */
  async refreshInputs(runId: number): Promise<void> {
    const rules = await enabledRules(this.deps.db);
    const sources = refreshableSources(rules.map((entry) => entry.rule.definition));
    if (sources.length > 0) await this.deps.refresher.refreshOrFail(runId, sources);
  }

  async run(
    context: Pick<TaskContext, 'progress' | 'runId'>,
  ): Promise<TaskOutcome & { summary: ScanSummary }> {
    const { db, clock } = this.deps;
    const now = clock();
    const availability = await this.deps.sourceStatus.availability();
    const settings = await this.deps.settings.current();
    const rules = await enabledRules(db);
    const summary = emptySummary(availability);
    const plans = (['movie', 'series'] as const).map((mediaType) => ({
      mediaType,
      scopes: scopePlan(rules, mediaType),
    }));
    let total = 0;
    for (const plan of plans)
      if (plan.scopes.length) total += await liveRootCount(db, plan.mediaType);
    let roots = 0;
    const created = { movie: 0, series: 0 };
    for (const { mediaType, scopes } of plans) {
      if (scopes.length === 0) continue;
      for await (const page of rootPages(this.deps.direct, mediaType)) {
        await db.$transaction(async (tx) => {
          await lockCandidateWorkflow(tx, 'exclusive');
          const ids = page.map((root) => root.mediaId);
          const lookups = await scanLookups(tx, mediaType, ids, now);
          const changes = scanPage({
            roots: page,
            scopes,
            ...lookups,
            availability,
            now,
            globalDelayDays: globalDelayDays(settings, mediaType),
          });
          created[mediaType] += await this.apply(tx, changes, summary, now);
        });
        roots += page.length;
        await context.progress({
          progress: total === 0 ? null : (100 * roots) / total,
          itemsProcessed: summary.evaluated,
          phase: mediaType === 'movie' ? 'movies' : 'series',
        });
      }
    }
    await db.$transaction(async (tx) => {
      await lockCandidateWorkflow(tx, 'exclusive');
      await this.removeLeftovers(tx, rules, summary, now);
      await this.digest(tx, context.runId, created, now);
    });
    return { itemsProcessed: summary.evaluated, summary };
  }

  /**
   * Step 7's notification: one digest of the run's new candidates, with the run's last commit
   * (a run that dies half-way tells nothing of the pages it did commit; its next run does not
   * count them as new). A run that created none tells nothing.
   */
  private async digest(tx: Tx, runId: number, created: ScanDigest['created'], now: Date) {
    if (created.movie + created.series === 0) return;
    const notification = newCandidatesNotification({
      runId,
      created,
      totals: await candidateTotals(tx),
      at: now,
    });
    await this.deps.notifier.request(tx, notification, now);
  }

  /** Writes a page's changes; returns how many candidates it created. */
  private async apply(tx: Tx, changes: PageChanges, summary: ScanSummary, now: Date) {
    const { continuity, writer } = this.deps;
    await writer.createForRules(tx, changes.protectionsToCreate, now);
    summary.rule_protections_created += changes.protectionsToCreate.length;
    await this.removeProtections(tx, changes.protectionIdsToRemove, summary, now);
    const written = await continuity.upsert(tx, changes.upserts, now);
    await markUnknown(tx, changes.unknownIds, now);
    summary.removed += await continuity.removeIds(tx, changes.removeIds, now);
    await continuity.announce(
      tx,
      now,
      written.map((result) => result.id),
    );
    const created = written.filter((result) => result.created).length;
    summary.created += created;
    summary.updated += written.length - created;
    summary.evaluated += changes.evaluated;
    summary.unknown += changes.unknown;
    summary.excluded_protected += changes.excludedProtected;
    return created;
  }

  /**
   * What no page reached: candidates of scopes without an enabled candidate rule or of roots
   * gone from the projection, and rule protections of rules no longer enabled for protection.
   * With no enabled rule at all, this removes every candidate and rule protection (4.1 step 1).
   */
  private async removeLeftovers(tx: Tx, rules: ScanRules, summary: ScanSummary, now: Date) {
    const candidateScopes = rules
      .filter((entry) => entry.outcome === 'candidate')
      .map((entry) => TARGET_SCOPE[entry.rule.scope]);
    const protectRuleIds = rules
      .filter((entry) => entry.outcome === 'protect')
      .map((entry) => entry.rule.id);
    summary.removed += await this.deps.continuity.removeIds(
      tx,
      await unvisitedCandidateIds(tx, [...new Set(candidateScopes)]),
      now,
    );
    await this.removeProtections(
      tx,
      await orphanRuleProtectionIds(tx, protectRuleIds),
      summary,
      now,
    );
  }

  private async removeProtections(tx: Tx, ids: number[], summary: ScanSummary, now: Date) {
    const records = await findProtections(tx, ids, true);
    await this.deps.writer.removeAll(tx, records, SYSTEM_ACTOR, now);
    summary.rule_protections_removed += records.length;
  }
}

type ScanRules = EnabledRule[];

function emptySummary(availability: SourceAvailability): ScanSummary {
  return {
    evaluated: 0,
    created: 0,
    updated: 0,
    removed: 0,
    unknown: 0,
    excluded_protected: 0,
    rule_protections_created: 0,
    rule_protections_removed: 0,
    sources_unavailable: Object.entries(availability)
      .filter(([, available]) => !available)
      .map(([source]) => source),
  };
}
