import { operationPlan, type OperationPlan } from '../domain/deletion/operation-plan';
import type { FileOperationCommands } from '../messaging/file-operation-commands';
import { findCandidates } from '../repositories/candidate-query.repository';
import { insertOperations, type RunCandidate } from '../repositories/deletion.repository';
import type { EnabledRule } from '../repositories/scan.repository';
import type { Tx } from '../db';
import { candidateView } from '../views/candidate.view';

export interface QueuedItem {
  candidate: RunCandidate;
  plan: OperationPlan;
}

export interface QueueContext {
  trigger: 'auto' | 'manual';
  requestedBy: { type: 'system' | 'user'; id: number | null };
  runId: number | null;
  jobId: number | null;
  reason: string | null;
}

/** The plan of a candidate's operation from its matched rules that are enabled candidate rules. */
export function planOf(
  candidate: RunCandidate,
  rules: readonly EnabledRule[],
  deleteOperation: 'delete' | 'move' = candidate.deleteOperation,
): OperationPlan {
  const matched = rules.filter(
    (entry) => entry.outcome === 'candidate' && candidate.matchedRuleIds.includes(entry.rule.id),
  );
  return operationPlan(
    candidate.mediaType,
    matched.map((entry) => entry.rule.action),
    deleteOperation,
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
    const views = new Map(
      (
        await findCandidates(
          tx,
          items.map((item) => item.candidate.id),
          now,
        )
      ).map((record) => [record.id, candidateView(record, now)]),
    );
    const ids = await insertOperations(
      tx,
      items.map(({ candidate, plan }) => ({
        candidateId: candidate.id,
        target: candidate,
        plan,
        trigger: context.trigger,
        requestedBy: context.requestedBy,
        runId: context.runId,
        jobId: context.jobId,
        reason: context.reason,
        snapshot: {
          candidate: views.get(candidate.id),
          matched_criteria: candidate.matchedCriteria,
        },
      })),
      now,
    );
    await this.commands.execute(
      tx,
      ids.map((operationId, i) => ({ operationId, ...(items[i] as QueuedItem) })),
      context.trigger,
      context.requestedBy,
    );
    return ids;
  }
}
