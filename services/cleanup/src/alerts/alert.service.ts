import type { InternalApi } from '@mcs/contracts';
import {
  Conflict,
  NotFound,
  limitOffset,
  pageOf,
  type Clock,
  type Outbox,
  type Paging,
  type UserPrincipal,
} from '@mcs/kit';
import type { Db, Tx } from '../db';
import { BREAKER_CONFIRMATION_TTL_MS, isConfirmable, type ConfirmableKind } from '../domain/alerts';
import { type AlertFilters, listAlerts, lockAlert, resolveAlert } from './alert.repository';
import { addConfirmation } from './alert-confirmation.repository';
import { nextJobId } from '../operations/file-operation.repository';
import { lockCandidateWorkflow } from '../targets/locks.repository';
import { alertView } from './alert.view';

type Alert = InternalApi.components['schemas']['Alert'];
type Queued = InternalApi.components['schemas']['AlertConfirmationQueued'];

/**
 * The administrator alert list (internal-api.md 5, decision 016). Confirming a guard or breaker
 * alert resolves it and starts the work it holds back; dismissing resolves it and starts
 * nothing.
 */
export class AlertService {
  constructor(private readonly deps: { db: Db; clock: Clock; outbox: Outbox }) {}

  async list(filters: AlertFilters, paging: Paging) {
    const { records, total } = await listAlerts(this.deps.db, filters, limitOffset(paging));
    return pageOf(records.map(alertView), total, paging);
  }

  async confirm(alertId: number, admin: UserPrincipal): Promise<Queued> {
    return this.deps.db.$transaction(async (tx) => {
      // A deletion run deciding now finishes first: it either saw this confirmation or
      // refreshed the alert (and its candidates) that is confirmed here.
      await lockCandidateWorkflow(tx, 'shared');
      const alert = await lockAlert(tx, alertId);
      if (!alert) throw new NotFound(`No alert ${alertId}.`);
      if (!isConfirmable(alert.kind))
        throw new Conflict(
          'not_confirmable',
          `An alert of kind ${alert.kind} cannot be confirmed.`,
        );
      if (alert.resolvedAt !== null)
        throw new Conflict('alert_resolved', `Alert ${alertId} is already resolved.`);
      const now = this.deps.clock();
      const jobId = await nextJobId(tx);
      await addConfirmation(
        tx,
        {
          jobId,
          alertId,
          kind: alert.kind,
          confirmedBy: admin.id,
          candidateIds: candidateIdsOf(alert.data),
          expiresAt:
            alert.kind === 'auto_delete_circuit_breaker'
              ? new Date(now.getTime() + BREAKER_CONFIRMATION_TTL_MS)
              : null,
        },
        now,
      );
      await this.startWork(tx, alert.kind, jobId, admin.id, now);
      const resolved = await resolveAlert(tx, alertId, now, admin.id);
      return { job_id: jobId, status: 'queued', alert: alertView(resolved) };
    });
  }

  async dismiss(alertId: number, admin: UserPrincipal): Promise<Alert> {
    return this.deps.db.$transaction(async (tx) => {
      const alert = await lockAlert(tx, alertId);
      if (!alert) throw new NotFound(`No alert ${alertId}.`);
      if (alert.resolvedAt !== null) return alertView(alert);
      return alertView(await resolveAlert(tx, alertId, this.deps.clock(), admin.id));
    });
  }

  /**
   * The breaker's confirmed set waits for the next deletion run, which the scheduler is asked
   * to start now; the sync guard's held removals are catalog's to carry out (decision 016).
   */
  private async startWork(
    tx: Tx,
    kind: ConfirmableKind,
    jobId: number,
    userId: number,
    now: Date,
  ): Promise<void> {
    if (kind === 'auto_delete_circuit_breaker')
      await this.deps.outbox.add(tx, 'scheduler.task.trigger', {
        task_id: 'delete_cleanup_candidates',
        requested_by_user_id: userId,
      });
    else
      await this.deps.outbox.add(tx, 'catalog.removals.confirm', {
        job_id: jobId,
        confirmed_by_user_id: userId,
        confirmed_at: now.toISOString(),
      });
  }
}

/** The candidate ids a breaker alert recorded; other kinds have none. */
function candidateIdsOf(data: Record<string, unknown>): number[] {
  const ids = data['candidate_ids'];
  if (!Array.isArray(ids)) return [];
  return ids.filter((id): id is number => Number.isSafeInteger(id) && (id as number) > 0);
}
