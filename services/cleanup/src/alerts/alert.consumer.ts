import { Consumer, type ReceivedMessage, type Runtime } from '@mcs/kit';
import { type Db, SCHEMA, type Tx } from '../db';
import type { AlertIntakeService } from './alert-intake.service';

/** What other services report for the alert list (decision 016). */
const MESSAGES = [
  'alert.raised',
  'alert.resolved',
  'task.run_failed',
  'task.run_completed',
] as const;

type Name = (typeof MESSAGES)[number];
/** One variant per message, so a switch on `name` narrows the payload. */
type Received = { [K in Name]: ReceivedMessage<K> }[Name];

export function alertConsumer(
  runtime: Runtime,
  db: Db,
  intake: AlertIntakeService,
): Consumer<Tx, Name> {
  return new Consumer<Tx, Name>(runtime.broker, runtime.names, runtime.log, {
    service: SCHEMA,
    name: 'alerts',
    messages: MESSAGES,
    db,
    schema: SCHEMA,
    handler: (message, tx) => apply(intake, message as Received, tx),
  });
}

function apply(intake: AlertIntakeService, message: Received, tx: Tx) {
  switch (message.name) {
    case 'alert.raised':
      return intake.raised(tx, message.payload);
    case 'alert.resolved':
      return intake.resolved(tx, message.payload);
    case 'task.run_failed':
      return intake.taskFailed(tx, message.payload);
    case 'task.run_completed':
      return intake.taskCompleted(tx, message.payload);
  }
}
