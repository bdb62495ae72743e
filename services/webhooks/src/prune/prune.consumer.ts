import { Consumer, type Runtime } from '@mcs/kit';
import { SCHEMA, type Db } from '../db';
import type { PruneService } from './prune.service';

/**
 * task.run.prune_event_feed from the scheduler, run once per command (inbox). The work runs in
 * its own batch transactions (PruneService); the consumer's transaction records only that the
 * command was handled, after the run has reported its end. A crash midway redelivers the
 * command and the run resumes (deleting is idempotent).
 */
export function pruneConsumer(runtime: Runtime, db: Db, prune: PruneService) {
  return new Consumer(runtime.broker, runtime.names, runtime.log, {
    service: SCHEMA,
    name: 'prune-event-feed',
    messages: ['task.run.prune_event_feed'] as const,
    db,
    schema: SCHEMA,
    handler: (message) => prune.run(message.payload),
  });
}
