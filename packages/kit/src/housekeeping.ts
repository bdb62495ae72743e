import type { MessagePayload } from '@mcs/contracts';
import type { Database, SqlClient } from './data/database';
import { Consumer } from './messaging/consumer';
import type { Runtime } from './runtime';

type ServiceName = MessagePayload<'task.run_started'>['service'];

export interface HousekeepingOptions<Tx extends SqlClient> {
  service: ServiceName;
  db: Database<Tx>;
  clock: () => Date;
  /** This service's part: deletes what it keeps for a bounded time; counts by kind. */
  purge: (tx: Tx, now: Date) => Promise<Record<string, number>>;
}

/**
 * A service's part of weekly_house_keeping (domain.md §9): on task.run.weekly_house_keeping,
 * once per run (inbox), in one transaction, run `purge` and report the part as the run's
 * started/completed events with its counts as the summary.
 */
export function housekeepingConsumer<Tx extends SqlClient>(
  runtime: Runtime,
  options: HousekeepingOptions<Tx>,
) {
  return new Consumer(runtime.broker, runtime.names, runtime.log, {
    service: runtime.service,
    name: 'housekeeping',
    messages: ['task.run.weekly_house_keeping'] as const,
    db: options.db,
    schema: runtime.service,
    handler: async (message, tx) => {
      const startedAt = options.clock();
      const base = {
        run_id: message.payload.run_id,
        task_id: 'weekly_house_keeping' as const,
        service: options.service,
      };
      await runtime.outbox.add(tx, 'task.run_started', {
        ...base,
        started_at: startedAt.toISOString(),
      });
      const summary = await options.purge(tx, startedAt);
      await runtime.outbox.add(tx, 'task.run_completed', {
        ...base,
        items_processed: Object.values(summary).reduce((sum, count) => sum + count, 0),
        summary,
        completed_at: options.clock().toISOString(),
      });
    },
  });
}
