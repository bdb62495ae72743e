import { type Clock, type TaskContext, TaskError, type TaskOutcome } from '@mcs/kit';
import { deriveAutoDeleteState } from '../domain/auto-delete';
import { breakerLimits } from '../domain/deletion/breaker';
import { classify, type RunClass } from '../domain/deletion/classify';
import { type OperationDefaults, operationDefaults } from '../domain/deletion/operation-plan';
import { filesOf, revalidate, type Revalidation } from '../domain/deletion/revalidate';
import { isPlaying, type NowPlaying } from '../domain/deletion/now-playing';
import type { SourceAvailability } from '../domain/rules';
import type { ScanRule } from '../domain/scan/candidate-decision';
import type { Db, Tx } from '../db';
import { openBreakerConfirmations } from '../alerts/alert-confirmation.repository';
import { runCandidates, type RunCandidate } from './deletion.repository';
import { lockCandidateWorkflow } from '../targets/locks.repository';
import type { EnabledRule } from '../domain/scan/scope-plan';
import { enabledRules } from '../scan/scan.repository';
import { loadRoots } from '../projection/target-facts.repository';
import { breakerTripped, useConfirmations } from './deletion-breaker';
import type { AlertRaiser } from '../alerts/alert-raiser';
import { type OperationQueue, planOf, type QueuedItem } from './operation-queue';
import { type InputRefresher, refreshableSources } from '../scan/input-refresher';
import type { SourceStatusService } from '../sources/source-status.service';
import type { CleanupSettingsReader } from '../settings/cleanup-settings';

export type DeletionSummary = {
  eligible: number;
  waiting: number;
  skipped: number;
  revalidated_out: number;
  source_unavailable: number;
  in_playback: number;
  breaker_blocked: number;
  queued: number;
  queued_by_kind: Record<string, number>;
};

/**
 * `delete_cleanup_candidates` (domain.md 6.1-6.2): classify every candidate; when one is
 * eligible, ask catalog for fresh inputs and what is playing now; revalidate each eligible
 * candidate against the projection and refuse one that is playing (or when that is unknown);
 * stop the whole run when the mass-deletion breaker trips, else queue one file operation per
 * remaining candidate and ask catalog to execute it (catalog.file_operation.execute, through
 * the outbox, in the transaction that records the operation). The outcome arrives later as
 * media.file_operation_completed.
 */
export class AutoDeleteService {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      sourceStatus: SourceStatusService;
      queue: OperationQueue;
      refresher: InputRefresher;
      settings: CleanupSettingsReader;
      /** The breaker's alert, with its notification. */
      alerts: AlertRaiser;
    },
  ) {}

  async run(
    context: Pick<TaskContext, 'progress' | 'runId'>,
  ): Promise<TaskOutcome & { summary: DeletionSummary }> {
    const { db, clock } = this.deps;
    const rules = await enabledRules(db);
    const nowPlaying = await this.freshInputs(context.runId, rules);
    const availability = await this.deps.sourceStatus.availability();
    // The run's settings, read once it is about to decide (never from before its start).
    const settings = await this.deps.settings.current();
    const summary: DeletionSummary = {
      eligible: 0,
      waiting: 0,
      skipped: 0,
      revalidated_out: 0,
      source_unavailable: 0,
      in_playback: 0,
      breaker_blocked: 0,
      queued: 0,
      queued_by_kind: {},
    };
    const outcome = await db.$transaction(async (tx) => {
      await lockCandidateWorkflow(tx, 'exclusive');
      // Read once the lock is held: a confirmation expires, or a delay ends, by this time.
      const now = clock();
      const candidates = await runCandidates(tx, now);
      const eligible = candidates.filter((candidate) => {
        const verdict = classOf(candidate, now);
        summary[verdict] += 1;
        return verdict === 'eligible';
      });
      await context.progress({
        progress: 20,
        itemsProcessed: candidates.length,
        phase: 'classify',
      });
      const defaults = operationDefaults(settings);
      const checks = { rules, availability, nowPlaying, now, defaults };
      const ready = await this.revalidated(tx, eligible, checks, summary);
      const confirmations = await openBreakerConfirmations(tx, now);
      const limits = breakerLimits(settings);
      if (
        await breakerTripped(tx, ready, {
          alerts: this.deps.alerts,
          confirmations,
          limits,
          runId: context.runId,
          now,
        })
      ) {
        summary.breaker_blocked = ready.length;
        return 'tripped';
      }
      await this.deps.queue.queue(
        tx,
        ready,
        {
          trigger: 'auto',
          requestedBy: { type: 'system', id: null },
          runId: context.runId,
          jobId: null,
          reason: null,
        },
        now,
      );
      for (const { plan } of ready)
        summary.queued_by_kind[plan.kind] = (summary.queued_by_kind[plan.kind] ?? 0) + 1;
      summary.queued = ready.length;
      await useConfirmations(tx, confirmations, ready, eligible, context.runId, now);
      return 'queued';
    });
    if (outcome === 'tripped')
      throw new TaskError(
        'circuit_breaker_tripped',
        `The mass-deletion breaker stopped the run: ${summary.breaker_blocked} candidates would have been acted on; nothing was deleted.`,
      );
    return { itemsProcessed: summary.eligible + summary.waiting + summary.skipped, summary };
  }

  /**
   * Step 3: when a candidate is eligible now, fresh inputs for the sources its rules read and
   * the sessions of every media server. null when nothing is eligible, catalog did not answer
   * in time, or a server could not say what it plays: then nothing can be shown not to be
   * playing, and step 4 acts on nothing.
   */
  private async freshInputs(runId: number, rules: EnabledRule[]): Promise<NowPlaying | null> {
    const now = this.deps.clock();
    const eligible = (await runCandidates(this.deps.db, now)).filter(
      (candidate) => classOf(candidate, now) === 'eligible',
    );
    if (eligible.length === 0) return null;
    const matched = new Set(eligible.flatMap((candidate) => candidate.matchedRuleIds));
    const sources = refreshableSources(
      rules.filter((entry) => matched.has(entry.rule.id)).map((entry) => entry.rule.definition),
    );
    const answer = await this.deps.refresher.refresh(runId, [...sources, 'now_playing']);
    return answer?.now_playing ?? null;
  }

  /** Step 4 for every eligible candidate; returns those still to act on, with their plan. */
  private async revalidated(
    tx: Tx,
    eligible: RunCandidate[],
    checks: {
      rules: EnabledRule[];
      availability: SourceAvailability;
      nowPlaying: NowPlaying | null;
      now: Date;
      defaults: OperationDefaults;
    },
    summary: DeletionSummary,
  ): Promise<Ready[]> {
    const { rules, availability, now } = checks;
    const byId = new Map(rules.map((entry) => [entry.rule.id, entry]));
    const ready: Ready[] = [];
    for (const mediaType of ['movie', 'series'] as const) {
      const mine = eligible.filter((candidate) => candidate.mediaType === mediaType);
      const roots = new Map(
        (await loadRoots(tx, mediaType, [...new Set(mine.map((c) => c.mediaId))])).map((root) => [
          root.mediaId,
          root,
        ]),
      );
      for (const candidate of mine) {
        const matched: ScanRule[] = candidate.matchedRuleIds.flatMap((id) => {
          const entry = byId.get(id);
          return entry?.outcome === 'candidate' ? [entry.rule] : [];
        });
        const optedIn = matched.filter((rule) => rule.action.auto_delete_enabled);
        const scope = optedIn[0]?.scope;
        const protectRules = rules
          .filter((entry) => entry.outcome === 'protect' && entry.rule.scope === scope)
          .map((entry) => entry.rule);
        const root = roots.get(candidate.mediaId);
        const verdict: Revalidation = revalidate({
          target: candidate,
          root,
          protectRules,
          optedInRules: optedIn,
          availability,
          now,
        });
        if (verdict !== 'ok') {
          summary[verdict] += 1;
          continue;
        }
        if (checks.nowPlaying === null) {
          summary.source_unavailable += 1;
          continue;
        }
        if (isPlaying(candidate, root, checks.nowPlaying)) {
          summary.in_playback += 1;
          continue;
        }
        ready.push({
          target: candidate,
          candidate,
          plan: planOf(candidate, rules, checks.defaults),
          files: filesOf(root, candidate),
        });
      }
    }
    return ready;
  }
}

/** Step 2 for one candidate: its state now, then skipped, waiting or eligible. */
const classOf = (candidate: RunCandidate, now: Date): RunClass =>
  classify({ ...candidate, state: deriveAutoDeleteState(candidate, candidate, now).state });

interface Ready extends QueuedItem {
  candidate: RunCandidate;
  files: number;
}
