import type { Tx } from '../db';
import type { NewAlert } from '../domain/alerts';
import { alertNotification } from '../domain/notifications/messages';
import type { Notifier } from '../notifications/notifier';
import { raiseAlert } from './alert.repository';

/**
 * Raises alerts, cleanup's own and those other services report, and notifies administrators
 * when one becomes active (docs/decisions/026), in the same transaction. A refresh of an active
 * alert tells no one again; a later raise after it was resolved is a new alert and is told.
 */
export class AlertRaiser {
  constructor(private readonly notifier: Notifier) {}

  async raise(tx: Tx, alert: NewAlert, now: Date): Promise<void> {
    const { id, raised } = await raiseAlert(tx, alert, now);
    if (raised) await this.notifier.request(tx, alertNotification({ ...alert, id }, now), now);
  }
}
