import { Consumer, type Runtime } from '@mcs/kit';
import { type Db, SCHEMA, type Tx } from '../db';
import type { SourceStatusService } from './source-status.service';

export const SOURCE_STATUS_MESSAGES = ['media.source_status_changed'] as const;

/** catalog's data-source states, kept for tri-state rule evaluation (domain.md 2.13). */
export function sourceStatusConsumer(
  runtime: Runtime,
  db: Db,
  sourceStatus: SourceStatusService,
): Consumer<Tx, (typeof SOURCE_STATUS_MESSAGES)[number]> {
  return new Consumer(runtime.broker, runtime.names, runtime.log, {
    service: SCHEMA,
    name: 'source-status',
    messages: SOURCE_STATUS_MESSAGES,
    db,
    schema: SCHEMA,
    handler: (message, tx) => sourceStatus.replace(tx, message.payload),
  });
}
