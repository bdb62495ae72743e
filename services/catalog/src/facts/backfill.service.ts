import type { SqlClient, Clock } from '@mcs/kit';
import type { Db } from '../db';
import { publishFacts } from './facts-publisher';
import { publishWatch } from './watch-publisher';
import { watchedItems } from './watch-facts.repository';
import type { MediaEvents } from '../messaging/media-events';
import { requestSignatures } from '../requests/requests.repository';
import type { RequestsService } from '../requests/requests.service';

/**
 * catalog.media.backfill: the facts of every live item (or those changed since a time), then
 * their watch data and requests, as the events a projection is fed with. Consumers keep the
 * newest `as_of`, so replaying facts they already hold changes nothing.
 */
export class BackfillService {
  constructor(
    private readonly deps: {
      db: Db;
      direct: SqlClient;
      events: MediaEvents;
      clock: Clock;
      requests: RequestsService;
    },
  ) {}

  async run(since: Date | null): Promise<number> {
    const { db, events } = this.deps;
    const items = await publishFacts(db, this.deps.direct, events, since);
    await publishWatch(db, events, await watchedItems(db), this.deps.clock());
    await this.deps.requests.publish([...(await requestSignatures(db)).keys()]);
    return items;
  }
}
