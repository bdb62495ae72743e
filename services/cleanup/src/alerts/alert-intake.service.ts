import type { MessagePayload } from '@mcs/contracts';
import type { Clock } from '@mcs/kit';
import type { Tx } from '../db';
import { type NewAlert, taskFailureAlert, taskFailureSubject } from '../domain/alerts';
import { taskFailureNotification } from '../domain/notifications/messages';
import type { Notifier } from '../notifications/notifier';
import { recordReport, resolveActiveAlert } from './alert.repository';
import { completeConfirmation } from './alert-confirmation.repository';
import type { AlertRaiser } from './alert-raiser';

/**
 * Alerts other services report (decision 016), in the consumer's transaction: catalog's own
 * raise and resolve, and the failed task runs every task owner announces. Reports are applied
 * in the order they were observed, whatever order they arrive in.
 */
export class AlertIntakeService {
  constructor(private readonly deps: { alerts: AlertRaiser; notifier: Notifier; clock: Clock }) {}

  async raised(tx: Tx, alert: MessagePayload<'alert.raised'>): Promise<void> {
    const { raised_at, ...fields } = alert;
    await this.raise(tx, fields, new Date(raised_at));
  }

  /**
   * The condition ended. With a job id it ended because an administrator confirmed it: that
   * confirmation is complete, with what catalog did (even when a later raise came first).
   */
  async resolved(tx: Tx, resolution: MessagePayload<'alert.resolved'>): Promise<void> {
    const at = new Date(resolution.resolved_at);
    if (await recordReport(tx, resolution, at)) await resolveActiveAlert(tx, resolution, at);
    if (resolution.job_id !== null)
      await completeConfirmation(
        tx,
        { jobId: resolution.job_id, kind: resolution.kind },
        resolution.summary ?? {},
        at,
      );
  }

  /**
   * Administrators are told of every failed run, once (a redelivery tells no one again), even
   * one reported after a later success: the run did fail. Its alert is told under
   * `task_failure` only, never also as an `alert`.
   */
  async taskFailed(tx: Tx, failure: MessagePayload<'task.run_failed'>): Promise<void> {
    await this.raise(tx, taskFailureAlert(failure), new Date(failure.completed_at));
    await this.deps.notifier.request(tx, taskFailureNotification(failure), this.deps.clock());
  }

  /** A later run of the same task by the same service succeeded: its failure alert is over. */
  async taskCompleted(tx: Tx, run: MessagePayload<'task.run_completed'>): Promise<void> {
    const which = { kind: 'task_failure' as const, subject: taskFailureSubject(run) };
    const at = new Date(run.completed_at);
    if (await recordReport(tx, which, at)) await resolveActiveAlert(tx, which, at);
  }

  private async raise(tx: Tx, alert: NewAlert, observedAt: Date): Promise<void> {
    if (await recordReport(tx, alert, observedAt))
      await this.deps.alerts.raise(tx, alert, observedAt);
  }
}
