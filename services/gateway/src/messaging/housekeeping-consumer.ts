import { Consumer, type Runtime } from '@mcs/kit';
import type { Db } from '../db';
import { SCHEMA } from '../db';
import type { HousekeepingService } from '../services/housekeeping.service';

/** task.run.weekly_house_keeping → the gateway's part, once per run (inbox), in one transaction. */
export function housekeepingConsumer(runtime: Runtime, db: Db, housekeeping: HousekeepingService) {
  return new Consumer(runtime.broker, runtime.names, runtime.log, {
    service: SCHEMA,
    name: 'housekeeping',
    messages: ['task.run.weekly_house_keeping'] as const,
    db,
    schema: SCHEMA,
    handler: (message, tx) => housekeeping.run(tx, message.payload.run_id),
  });
}
