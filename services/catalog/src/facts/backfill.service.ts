import { type SqlClient, type Clock, num } from '@mcs/kit';
import type { Db } from '../db';
import { publishFacts } from './facts-publisher';
import { publishWatch } from './watch-publisher';
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
    const watched = await db.$queryRaw<{ kind: 'movie' | 'series'; id: bigint }[]>`
      SELECT DISTINCT 'movie' AS kind, w.item_id AS id FROM watch_states w
        JOIN movies m ON m.id = w.item_id AND m.removed_at IS NULL WHERE w.item_kind = 'movie'
      UNION
      SELECT DISTINCT 'series', e.series_id FROM watch_states w
        JOIN episodes e ON e.id = w.item_id WHERE w.item_kind = 'episode'`;
    await publishWatch(
      db,
      events,
      {
        movie: watched.filter((w) => w.kind === 'movie').map((w) => num(w.id)),
        series: watched.filter((w) => w.kind === 'series').map((w) => num(w.id)),
      },
      this.deps.clock(),
    );
    await this.deps.requests.publish([...(await requestSignatures(db)).keys()]);
    return items;
  }
}
