import { messageConsumer, type Runtime } from '@mcs/kit';
import type { Db } from '../db';
import type { NotificationsService } from './notifications.service';

/**
 * notification.requested from cleanup (issue 28): the notification and its deliveries are
 * written in the inbox transaction, so a redelivered message creates nothing twice. Sending
 * happens outside it (the dispatcher), so a dead channel never holds up the message: the
 * consumer acks as soon as the rows are committed, then wakes the dispatcher.
 */
export function notificationsConsumer(
  runtime: Runtime,
  db: Db,
  notifications: NotificationsService,
  wake: () => void,
) {
  return messageConsumer(runtime, {
    name: 'notifications',
    db,
    handlers: {
      'notification.requested': ({ payload }, tx) => notifications.request(tx, payload),
    },
    afterCommit: (created) => {
      if (created > 0) wake();
      return Promise.resolve();
    },
  });
}
