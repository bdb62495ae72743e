import { type Clock, Consumer, type Runtime } from '@mcs/kit';
import { type Db, SCHEMA, type Tx } from '../db';
import type { OperationOutcomeService } from './operation-outcome.service';

const MESSAGES = ['media.file_operation_completed'] as const;

/** catalog's outcome of each file operation cleanup asked for, recorded once (inbox). */
export function operationOutcomeConsumer(
  runtime: Runtime,
  db: Db,
  outcomes: OperationOutcomeService,
  clock: Clock,
): Consumer<Tx, (typeof MESSAGES)[number]> {
  return new Consumer(runtime.broker, runtime.names, runtime.log, {
    service: SCHEMA,
    name: 'operation-outcomes',
    messages: MESSAGES,
    db,
    schema: SCHEMA,
    handler: (message, tx) => outcomes.record(tx, message.payload, clock()),
  });
}
