import type { MessagePayload } from '@mcs/contracts';
import type { Clock, Logger, Outbox } from '@mcs/kit';
import type { Db } from '../db';
import { retentionCutoff } from '../domain/retention';
import { retentionDays, type WebhookSettings } from '../settings/webhook-settings';
import { pruneRepository } from './prune.repository';

type PruneCommand = MessagePayload<'task.run.prune_event_feed'>;

/** Events per transaction: a long backlog (retention just shortened) never holds one for long. */
const BATCH = 1000;

/**
 * prune_event_feed (events-webhooks.md §2.6, domain.md §9): deletes the events older than the
 * retention window together with their deliveries and attempts, never an event that still has a
 * pending delivery; then the notifications past the same window, none still being retried.
 * Each batch is its own transaction carrying the run's report (started,
 * progressed per batch, completed or failed), so the scheduler sees the run move while it works.
 */
export class PruneService {
  constructor(
    private readonly deps: {
      db: Db;
      outbox: Outbox;
      clock: Clock;
      log: Logger;
      settings: WebhookSettings;
    },
  ) {}

  async run(command: PruneCommand): Promise<void> {
    const { db, outbox, clock } = this.deps;
    const run = { run_id: command.run_id, task_id: command.task_id, service: 'webhooks' as const };
    const summary = { events_pruned: 0, deliveries_pruned: 0, notifications_pruned: 0 };
    const cutoff = retentionCutoff(clock(), await retentionDays(this.deps.settings));
    await outbox.add(db, 'task.run_started', { ...run, started_at: clock().toISOString() });
    try {
      let after: bigint | null = 0n;
      while (after !== null) {
        const from: bigint = after;
        after = await db.$transaction(async (tx) => {
          const batch = await pruneRepository.deleteBatch(tx, cutoff, from, BATCH);
          summary.events_pruned += batch.events;
          summary.deliveries_pruned += batch.deliveries;
          if (batch.lastPosition !== null)
            await outbox.add(tx, 'task.run_progressed', {
              ...run,
              progress: null,
              items_processed: summary.events_pruned,
              phase: 'prune_events',
            });
          return batch.lastPosition;
        });
      }
      summary.notifications_pruned = await pruneRepository.deleteNotifications(db, cutoff);
    } catch (error) {
      this.deps.log.error({ err: error, run_id: run.run_id }, 'prune_event_feed failed');
      await outbox.add(db, 'task.run_failed', {
        ...run,
        error: 'Pruning the event feed failed; the next run continues where it stopped.',
        error_code: null,
        items_processed: summary.events_pruned,
        summary,
        completed_at: clock().toISOString(),
      });
      return;
    }
    await outbox.add(db, 'task.run_completed', {
      ...run,
      items_processed: summary.events_pruned,
      summary,
      completed_at: clock().toISOString(),
    });
  }
}
