import { messageConsumer, type Runtime } from '@mcs/kit';
import type { Db } from '../db';
import type { PruneService } from './prune.service';

/**
 * task.run.prune_event_feed from the scheduler, run once per command (inbox). The work runs in
 * its own batch transactions (PruneService); the consumer's transaction records only that the
 * command was handled, after the run has reported its end. A crash midway redelivers the
 * command and the run resumes (deleting is idempotent).
 */
export function pruneConsumer(runtime: Runtime, db: Db, prune: PruneService) {
  return messageConsumer(runtime, {
    name: 'prune-event-feed',
    db,
    handlers: { 'task.run.prune_event_feed': (message) => prune.run(message.payload) },
  });
}
