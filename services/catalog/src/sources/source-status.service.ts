import type { Clock } from '@mcs/kit';
import type { Db } from '../db';
import type { MediaEvents } from '../messaging/media-events';
import { allSources, recordSource, type SourceUpdate } from './source-status.repository';

/**
 * The data sources' freshness and availability (domain.md 2.13). Whenever a state changes the
 * whole set goes out as media.source_status_changed, from which cleanup derives availability.
 * The tmdb and imdb rows are the sync's enrichment step's (enrichment/).
 */
export class SourceStatusService {
  constructor(private readonly deps: { db: Db; events: MediaEvents; clock: Clock }) {}

  async record(updates: SourceUpdate[]): Promise<void> {
    const now = this.deps.clock();
    let changed = false;
    for (const update of updates) {
      if (await recordSource(this.deps.db, update, now)) changed = true;
    }
    if (changed) await this.publish();
  }

  async publish(): Promise<void> {
    await this.deps.db.$transaction(async (tx) => {
      await this.deps.events.add(tx, 'media.source_status_changed', {
        as_of: this.deps.clock().toISOString(),
        sources: await allSources(tx),
      });
    });
  }
}
