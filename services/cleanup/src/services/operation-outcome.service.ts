import type { MessagePayload } from '@mcs/contracts';
import { MAX_AUTOMATIC_FAILURES } from '../domain/deletion/classify';
import { targetTitle } from '../domain/target';
import type { LifecycleEvents, OperationEventType } from '../messaging/lifecycle-events';
import type { MediaLinksPublisher } from '../messaging/media-links';
import { raiseAlert } from '../repositories/alert.repository';
import { findCandidates } from '../repositories/candidate-query.repository';
import {
  lockCandidate,
  recordOperationFailure,
  removeCandidates,
  setCompletedAction,
} from '../repositories/candidate.repository';
import {
  finishOperation,
  lockOperation,
  type OperationRow,
} from '../repositories/file-operation.repository';
import { insertReceipt, ruleNames } from '../repositories/receipt.repository';
import { sourceStatuses } from '../repositories/source-status.repository';
import type { Tx } from '../db';
import { candidateView } from '../views/candidate.view';

type Completed = MessagePayload<'media.file_operation_completed'>;

const EVENT_OF: Readonly<Record<OperationRow['kind'], OperationEventType>> = {
  delete: 'candidate.deleted',
  move: 'candidate.moved',
  unmonitor: 'candidate.unmonitored',
  unmonitor_only: 'candidate.unmonitored_only',
};

/**
 * Records catalog's outcome of a file operation (domain.md 6.3-6.4), once: a verified success
 * writes the deletion receipt, emits the candidate's event with its last snapshot and removes
 * it (an `unmonitor_only` candidate stays, marked completed); a failure counts against the
 * candidate, and the third in a row raises `delete_failed` and pauses automatic attempts.
 */
export class OperationOutcomeService {
  constructor(private readonly deps: { events: LifecycleEvents; links: MediaLinksPublisher }) {}

  async record(tx: Tx, outcome: Completed, now: Date): Promise<void> {
    const operation = await lockOperation(tx, outcome.operation_id);
    // Unknown, or already recorded (a redelivery after its inbox row was purged).
    if (!operation || !['queued', 'running', 'verifying'].includes(operation.status)) return;
    await finishOperation(tx, outcome);
    if (operation.candidateId === null || !(await lockCandidate(tx, operation.candidateId))) return;
    const [candidate] = await findCandidates(tx, [operation.candidateId], now);
    if (!candidate) return;
    if (outcome.outcome === 'failed') {
      const failures = await recordOperationFailure(tx, candidate.id, outcome.failure_reason);
      if (failures >= MAX_AUTOMATIC_FAILURES)
        await raiseAlert(
          tx,
          {
            kind: 'delete_failed',
            subject: String(candidate.id),
            message: `Deleting candidate ${candidate.id} failed ${failures} times in a row (${outcome.failure_reason ?? 'unknown'}); automatic attempts are paused.`,
            data: {
              candidate_id: candidate.id,
              failures,
              last_failure_reason: outcome.failure_reason,
            },
          },
          now,
        );
      return;
    }
    if (outcome.outcome !== 'succeeded') return;
    const view = candidateView(candidate, now);
    await insertReceipt(
      tx,
      {
        operationId: operation.id,
        candidateId: candidate.id,
        target: candidate,
        title: targetTitle(candidate.title, candidate),
        kind: operation.kind,
        rules: await ruleNames(tx, candidate.matchedRuleIds),
        qualifiedBy: await matchedCriteria(tx, candidate.id),
        approver:
          operation.trigger === 'auto'
            ? { type: 'system', id: 'auto-delete' }
            : { type: operation.requestedBy.type, id: operation.requestedBy.id },
        dataFreshness: (await sourceStatuses(tx)).map((status) => ({
          source: status.source,
          state: status.state,
          last_success_at: status.last_success_at,
        })),
        files: outcome.files,
        bytesFreed: outcome.bytes_freed,
      },
      now,
    );
    const actor = operation.requestedBy;
    await this.deps.events.operation(tx, EVENT_OF[operation.kind], view, actor, operation.id, now);
    if (operation.kind === 'unmonitor_only') {
      await setCompletedAction(tx, candidate.id, now);
      return;
    }
    await this.deps.links.publish(tx, await removeCandidates(tx, [candidate.id]), now);
  }
}

async function matchedCriteria(tx: Tx, candidateId: number): Promise<Record<string, unknown>> {
  const row = await tx.candidate.findUnique({
    where: { id: BigInt(candidateId) },
    select: { matchedCriteria: true },
  });
  const criteria = row?.matchedCriteria;
  return typeof criteria === 'object' && criteria !== null && !Array.isArray(criteria)
    ? criteria
    : {};
}
