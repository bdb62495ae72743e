import type { MessagePayload } from '@mcs/contracts';
import { MAX_AUTOMATIC_FAILURES } from '../domain/deletion/classify';
import type { LifecycleEvents, OperationEventType } from '../events/lifecycle-events';
import type { MediaLinksPublisher } from '../events/media-links';
import type { AlertRaiser } from '../alerts/alert-raiser';
import { deleteFailedNotification } from '../domain/notifications/messages';
import type { Notifier } from '../notifications/notifier';
import {
  lockCandidate,
  recordOperationFailure,
  removeCandidates,
  setCompletedAction,
} from '../candidates/candidate.repository';
import {
  finishOperation,
  lockOperation,
  type OperationRow,
} from '../operations/file-operation.repository';
import { insertReceipt, receiptRules } from '../receipts/receipt.repository';
import { finishDeleteRequest } from '../requests/request.repository';
import { sourceStatuses } from '../sources/source-status.repository';
import type { Tx } from '../db';

type Completed = MessagePayload<'media.file_operation_completed'>;

const ACTION_OF = {
  delete: 'deleted',
  move: 'moved',
  unmonitor: 'unmonitored',
  unmonitor_only: 'unmonitored_only',
} as const satisfies Record<OperationRow['kind'], string>;

const EVENT_OF: Readonly<Record<OperationRow['kind'], OperationEventType>> = {
  delete: 'candidate.deleted',
  move: 'candidate.moved',
  unmonitor: 'candidate.unmonitored',
  unmonitor_only: 'candidate.unmonitored_only',
};

/**
 * Records catalog's outcome of a file operation (domain.md 6.3-6.4, 6.8), once, with its
 * receipt: a verified success emits the candidate's event with its last snapshot and removes
 * it (an `unmonitor_only` candidate stays, marked completed); a failure counts against the
 * candidate and is told to administrators (`delete_failed`, docs/decisions/026), and the third
 * in a row raises the `delete_failed` alert and pauses automatic attempts.
 */
export class OperationOutcomeService {
  constructor(
    private readonly deps: {
      events: LifecycleEvents;
      links: MediaLinksPublisher;
      alerts: AlertRaiser;
      notifier: Notifier;
    },
  ) {}

  async record(tx: Tx, outcome: Completed, now: Date): Promise<void> {
    const operation = await lockOperation(tx, outcome.operation_id);
    // Unknown, or already recorded (a redelivery after its inbox row was purged).
    if (!operation || !['queued', 'running', 'verifying'].includes(operation.status)) return;
    await finishOperation(tx, outcome);
    if (operation.deleteRequestId !== null)
      await finishDeleteRequest(
        tx,
        operation.deleteRequestId,
        outcome.outcome === 'succeeded'
          ? { status: 'completed', failureReason: null }
          : { status: 'failed', failureReason: outcome.failure_reason ?? outcome.outcome },
        now,
      );
    if (outcome.outcome === 'canceled') return;
    await this.receipt(tx, operation, outcome, now);
    const candidateId = operation.candidateId;
    // An operation without a candidate (a delete request) emits no lifecycle event (6.10).
    const candidate = operation.candidateSnapshot?.candidate ?? null;
    if (candidateId === null || candidate === null) return;
    // Catalog's removal of the media may have taken the candidate already (it publishes the
    // removal before this outcome): the event comes from the snapshot.
    const present = await lockCandidate(tx, candidateId);
    if (outcome.outcome === 'failed') {
      if (present) await this.failed(tx, operation, candidateId, outcome.failure_reason, now);
      return;
    }
    const type = EVENT_OF[operation.kind];
    const actor = operation.requestedBy;
    await this.deps.events.operation(tx, type, candidate, actor, operation.id, now);
    if (!present) return;
    if (operation.kind === 'unmonitor_only') await setCompletedAction(tx, candidateId, now);
    else await this.deps.links.publish(tx, await removeCandidates(tx, [candidateId]), now);
  }

  /** The operation's receipt (domain.md 6.8), from the candidate as it was queued. */
  private async receipt(tx: Tx, operation: OperationRow, outcome: Completed, now: Date) {
    const snapshot = operation.candidateSnapshot;
    const criteria = snapshot?.matched_criteria ?? {};
    const freshness: Record<string, string | null> = {};
    for (const status of await sourceStatuses(tx)) {
      const key = status.service_config_id
        ? `${status.source}:${status.service_config_id}`
        : status.source;
      freshness[key] = status.last_success_at;
    }
    await insertReceipt(
      tx,
      {
        operationId: operation.id,
        outcome,
        trigger: operation.trigger,
        action: ACTION_OF[operation.kind],
        approvedBy:
          operation.trigger === 'auto'
            ? { type: 'system', id: 'auto-delete' }
            : { type: operation.requestedBy.type, id: operation.requestedBy.id },
        target: operation.target,
        snapshot,
        rules: await receiptRules(tx, snapshot?.candidate?.matched_rule_ids ?? []),
        evidence: Object.entries(criteria).map(([ruleId, conditions]) => ({
          rule_id: Number(ruleId),
          conditions,
        })),
        sourceFreshness: freshness,
      },
      now,
    );
  }

  /**
   * A failure counts, and administrators hear of each one; the third in a row pauses automatic
   * attempts (6.4). Its alert is told under `delete_failed` only, never also as an `alert`.
   */
  private async failed(
    tx: Tx,
    operation: OperationRow,
    candidateId: number,
    reason: string | null,
    now: Date,
  ) {
    const failures = await recordOperationFailure(tx, candidateId, reason);
    const snapshot = operation.candidateSnapshot;
    await this.deps.notifier.request(
      tx,
      deleteFailedNotification(
        {
          operationId: operation.id,
          kind: operation.kind,
          title: snapshot?.title ?? null,
          year: snapshot?.year ?? null,
          target: operation.target,
          attempts: failures,
          reason,
          pausedAfter: MAX_AUTOMATIC_FAILURES,
        },
        now,
      ),
      now,
    );
    if (failures < MAX_AUTOMATIC_FAILURES) return;
    await this.deps.alerts.raise(
      tx,
      {
        kind: 'delete_failed',
        subject: String(candidateId),
        severity: 'warning',
        title: 'Automatic deletion keeps failing',
        message: `Deleting candidate ${candidateId} failed ${failures} times in a row (${reason ?? 'unknown'}); automatic attempts are paused.`,
        data: { candidate_id: candidateId, failures, last_failure_reason: reason },
      },
      now,
    );
  }
}
