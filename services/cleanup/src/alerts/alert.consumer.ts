import { messageConsumer, type Runtime } from '@mcs/kit';
import type { Db } from '../db';
import type { AlertIntakeService } from './alert-intake.service';

/** What other services report for the alert list (decision 016). */
export function alertConsumer(runtime: Runtime, db: Db, intake: AlertIntakeService) {
  return messageConsumer(runtime, {
    name: 'alerts',
    db,
    handlers: {
      'alert.raised': ({ payload }, tx) => intake.raised(tx, payload),
      'alert.resolved': ({ payload }, tx) => intake.resolved(tx, payload),
      'task.run_failed': ({ payload }, tx) => intake.taskFailed(tx, payload),
      'task.run_completed': ({ payload }, tx) => intake.taskCompleted(tx, payload),
    },
  });
}
