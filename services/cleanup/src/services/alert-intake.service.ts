import type { MessagePayload } from '@mcs/contracts';
import type { Tx } from '../db';
import { taskFailureAlert, taskFailureSubject } from '../domain/alerts';
import { raiseAlert, resolveActiveAlert } from '../repositories/alert.repository';
import { completeConfirmations } from '../repositories/alert-confirmation.repository';

/**
 * Alerts other services report (decision 016), in the consumer's transaction: catalog's own
 * raise and resolve, and the failed task runs every task owner announces.
 */
export class AlertIntakeService {
  async raised(tx: Tx, alert: MessagePayload<'alert.raised'>): Promise<void> {
    const { raised_at, ...fields } = alert;
    await raiseAlert(tx, fields, new Date(raised_at), 'reported');
  }

  /**
   * The condition ended. With a job id it ended because an administrator confirmed it: that
   * confirmation is complete, with what catalog did.
   */
  async resolved(tx: Tx, resolution: MessagePayload<'alert.resolved'>): Promise<void> {
    const at = new Date(resolution.resolved_at);
    await resolveActiveAlert(tx, resolution, at, null);
    if (resolution.job_id !== null)
      await completeConfirmations(tx, [resolution.job_id], resolution.summary ?? {}, at);
  }

  async taskFailed(tx: Tx, failure: MessagePayload<'task.run_failed'>): Promise<void> {
    await raiseAlert(tx, taskFailureAlert(failure), new Date(failure.completed_at), 'reported');
  }

  /** A later run of the same task by the same service succeeded: its failure alert is over. */
  async taskCompleted(tx: Tx, run: MessagePayload<'task.run_completed'>): Promise<void> {
    const which = { kind: 'task_failure' as const, subject: taskFailureSubject(run) };
    await resolveActiveAlert(tx, which, new Date(run.completed_at), null);
  }
}
