import type { Db } from '../db';
import type { MediaEvents } from '../messaging/media-events';
import { watchFacts } from './watch-facts.repository';

/** Movies carry a few states each; a series all its episodes' states: smaller groups. */
const GROUP = { movie: 200, series: 40 } as const;

/** Publishes media.watch_data_changed for the given items, group by group. */
export async function publishWatch(
  db: Db,
  events: MediaEvents,
  ids: { movie: number[]; series: number[] },
  asOf: Date,
): Promise<void> {
  for (const kind of ['movie', 'series'] as const) {
    const list = [...new Set(ids[kind])].sort((a, b) => a - b);
    for (let start = 0; start < list.length; start += GROUP[kind]) {
      const slice = list.slice(start, start + GROUP[kind]);
      await db.$transaction(async (tx) => {
        const { items, users } = await watchFacts(tx, kind, slice, asOf);
        if (items.length > 0)
          await events.add(tx, 'media.watch_data_changed', { items, playback_users: users });
      });
    }
  }
}
