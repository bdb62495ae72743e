import { validateMessage } from '@mcs/contracts';
import type { Logger, Outbox } from '@mcs/kit';
import type { Tx } from '../db';
import type { Notification } from '../domain/notifications/messages';
import { claimNotification } from './notification.repository';

/**
 * Writes `notification.requested` to cleanup's outbox in the transaction of the change that
 * caused it (docs/decisions/026): never lost, never sent for a rolled-back change, once per
 * event and subject. It must never fail that change: the builders keep every string within
 * the contract's limits, and a payload that still does not match is logged and dropped here
 * (the outbox would otherwise throw and roll the change back).
 */
export class Notifier {
  constructor(private readonly deps: { outbox: Outbox; log: Logger }) {}

  /** Requests `notification`; null (nothing to tell) does nothing. */
  async request(tx: Tx, notification: Notification | null, now: Date): Promise<void> {
    if (notification === null) return;
    const checked = validateMessage('notification.requested', notification);
    if (!checked.ok) {
      // The subject and event only: the rest may be the very text that did not fit.
      this.deps.log.error(
        { event: notification.event, subject: notification.subject, errors: checked.errors },
        'notification dropped: it does not match its contract',
      );
      return;
    }
    if (!(await claimNotification(tx, notification, now))) return;
    await this.deps.outbox.add(tx, 'notification.requested', notification);
  }
}
