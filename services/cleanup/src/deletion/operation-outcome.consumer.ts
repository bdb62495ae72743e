import { type Clock, messageConsumer, type Runtime } from '@mcs/kit';
import type { Db } from '../db';
import type { OperationOutcomeService } from './operation-outcome.service';

/** catalog's outcome of each file operation cleanup asked for, recorded once (inbox). */
export function operationOutcomeConsumer(
  runtime: Runtime,
  db: Db,
  outcomes: OperationOutcomeService,
  clock: Clock,
) {
  return messageConsumer(runtime, {
    name: 'operation-outcomes',
    db,
    handlers: {
      'media.file_operation_completed': ({ payload }, tx) => outcomes.record(tx, payload, clock()),
    },
  });
}
