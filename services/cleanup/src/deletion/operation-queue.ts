import {
  type OperationDefaults,
  operationPlan,
  type OperationPlan,
} from '../domain/deletion/operation-plan';
import type { FileOperationCommands } from './file-operation-commands';
import { findCandidates } from '../candidates/candidate-query.repository';
import type { OperationSnapshot } from '../operations/file-operation.repository';
import { insertOperations, rootLabel, type RunCandidate } from './deletion.repository';
import { type Target, targetTitle } from '../domain/target';
import type { EnabledRule } from '../domain/scan/scope-plan';
import type { Tx } from '../db';
import { candidateView } from '../candidates/candidate.view';

export interface QueuedItem {
  target: Target;
  /** Null for a delete request on a target that is not a candidate. */
  candidate: RunCandidate | null;
  plan: OperationPlan;
}

export interface QueueContext {
  trigger: 'auto' | 'manual' | 'delete_request';
  requestedBy: { type: 'system' | 'user'; id: number | null };
  runId: number | null;
  jobId: number | null;
  reason: string | null;
  deleteRequestId?: number;
}

/**
 * The plan of a candidate's operation from its matched rules that are enabled candidate rules,
 * with general settings' defaults where no rule decides.
 */
export function planOf(
  candidate: RunCandidate,
  rules: readonly EnabledRule[],
  defaults: OperationDefaults,
  deleteOperation: 'delete' | 'move' = candidate.deleteOperation,
): OperationPlan {
  const matched = rules.filter(
    (entry) => entry.outcome === 'candidate' && candidate.matchedRuleIds.includes(entry.rule.id),
  );
  return operationPlan(
    candidate.mediaType,
    matched.map((entry) => entry.rule.action),
    deleteOperation,
    defaults,
  );
}

/**
 * Queues one file operation per item and asks catalog to execute it, in the caller's
 * transaction (domain.md 6.3): the row with the candidate as queued, and its command. Returns
 * the operation ids in item order.
 */
export class OperationQueue {
  constructor(private readonly commands: FileOperationCommands) {}

  async queue(tx: Tx, items: QueuedItem[], context: QueueContext, now: Date): Promise<number[]> {
    const candidateIds = items.flatMap((item) => (item.candidate ? [item.candidate.id] : []));
    const views = new Map(
      (await findCandidates(tx, candidateIds, now)).map((record) => [
        record.id,
        candidateView(record, now),
      ]),
    );
    const snapshots: OperationSnapshot[] = [];
    for (const { target, candidate } of items) {
      const view = candidate ? (views.get(candidate.id) ?? null) : null;
      const label = view ?? (await rootLabel(tx, target));
      snapshots.push({
        candidate: view,
        matched_criteria: candidate?.matchedCriteria ?? {},
        title: view?.title ?? targetTitle(label?.title ?? null, target),
        year: label?.year ?? null,
        tmdb_id: label?.tmdb_id ?? null,
      });
    }
    const ids = await insertOperations(
      tx,
      items.map(({ target, candidate, plan }, i) => ({
        candidateId: candidate?.id ?? null,
        target,
        plan,
        trigger: context.trigger,
        requestedBy: context.requestedBy,
        runId: context.runId,
        jobId: context.jobId,
        reason: context.reason,
        deleteRequestId: context.deleteRequestId ?? null,
        snapshot: snapshots[i] as OperationSnapshot,
      })),
      now,
    );
    await this.commands.execute(
      tx,
      ids.map((operationId, i) => {
        const item = items[i] as QueuedItem;
        return {
          operationId,
          target: item.target,
          candidateId: item.candidate?.id ?? null,
          plan: item.plan,
        };
      }),
      context.trigger,
      context.requestedBy,
    );
    return ids;
  }
}
