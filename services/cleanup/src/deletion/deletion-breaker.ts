import type { Tx } from '../db';
import {
  type BreakerLimits,
  checkBreaker,
  usedConfirmations,
  type OpenConfirmation,
} from '../domain/deletion/breaker';
import { completeConfirmation } from '../alerts/alert-confirmation.repository';
import type { AlertRaiser } from '../alerts/alert-raiser';
import { liveFileCount } from './deletion.repository';

/** What the breaker needs of a candidate a deletion run is about to act on. */
export interface BreakerItem {
  candidate: { id: number };
  plan: { kind: string };
  files: number;
}

/**
 * Step 5, the mass-deletion breaker (domain.md 6.2): candidates an administrator confirmed
 * after an earlier trip are left out of the count; every other destructive one counts. A trip
 * raises (or refreshes) the alert that records the candidates, for a confirmation. The limits
 * are general settings, as the run read them.
 */
export async function breakerTripped(
  tx: Tx,
  ready: readonly BreakerItem[],
  run: {
    alerts: AlertRaiser;
    confirmations: OpenConfirmation[];
    limits: BreakerLimits;
    runId: number;
    now: Date;
  },
): Promise<boolean> {
  const { confirmations, limits, runId, now } = run;
  const confirmed = new Set(confirmations.flatMap((c) => c.candidateIds));
  const counted = ready.filter(
    (item) => item.plan.kind !== 'unmonitor_only' && !confirmed.has(item.candidate.id),
  );
  const libraryFiles = await liveFileCount(tx);
  const breaker = checkBreaker(
    {
      items: counted.length,
      files: counted.reduce((sum, item) => sum + item.files, 0),
      libraryFiles,
    },
    limits,
  );
  if (!breaker.tripped) return false;
  await run.alerts.raise(
    tx,
    {
      kind: 'auto_delete_circuit_breaker',
      subject: '',
      severity: 'critical',
      title: 'Automatic deletion stopped by the mass-deletion breaker',
      message: `The automatic deletion run stopped before acting on ${breaker.items} items (${breaker.files} of ${libraryFiles} files). Confirm to let the next run act on them.`,
      data: {
        run_id: runId,
        candidate_ids: ready.map((item) => item.candidate.id),
        items: breaker.items,
        files: breaker.files,
        share: breaker.share,
        limits: { max_items: limits.maxItems, max_share: limits.maxShare },
      },
    },
    now,
  );
  return true;
}

/** The confirmations this run carried out complete their jobs, with the run's id. */
export async function useConfirmations(
  tx: Tx,
  confirmations: OpenConfirmation[],
  ready: readonly BreakerItem[],
  eligible: readonly { id: number }[],
  runId: number,
  now: Date,
): Promise<void> {
  const queued = new Set(ready.map((item) => item.candidate.id));
  const used = usedConfirmations(confirmations, queued, new Set(eligible.map((c) => c.id)));
  for (const { jobId, candidateIds } of used)
    await completeConfirmation(
      tx,
      { jobId, kind: 'auto_delete_circuit_breaker' },
      { run_id: runId, queued_candidate_ids: candidateIds.filter((id) => queued.has(id)) },
      now,
    );
}
