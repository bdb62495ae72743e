/**
 * One user's watch states from the main server, stored in batches. A full pass also drops the
 * states the server no longer reports, unless that would lose more than the guard ratio of
 * the user's completed states (an anomaly: the previous state is kept, domain.md 2.11).
 */
import { IdSet, num } from '@mcs/kit';
import type { MediaServerClient } from '../integrations/media-server';
import type { DbClient as Db } from '../db';
import {
  deleteStates,
  itemsOf,
  statesOfUser,
  storeStates,
  type StateRow,
} from './playback.repository';

export interface UserPass {
  full: boolean;
  since: Date | undefined;
  ratio: number;
  changed: { movie: Set<number>; episode: Set<number> };
}

export async function readUserStates(
  db: Db,
  client: MediaServerClient,
  externalUserId: string,
  userId: number,
  pass: UserPass,
): Promise<{ states: number; anomaly: boolean }> {
  const pages = client.watchStates(externalUserId, pass.since ? { since: pass.since } : {});
  if (!pages) return { states: 0, anomaly: false };
  const seen = { movie: new IdSet(), episode: new IdSet() };
  let states = 0;
  for await (const page of pages) {
    const ids = await itemsOf(db, page);
    const rows: StateRow[] = page.flatMap((state) => {
      const id = ids.get(`${state.itemKind}:${state.itemExternalId}`);
      if (id === undefined) return [];
      seen[state.itemKind].add(id);
      return [
        {
          item_kind: state.itemKind,
          item_id: id,
          play_count: state.playCount,
          last_played_at: state.lastPlayedAt,
          completed: state.completed,
        },
      ];
    });
    for (const row of await storeStates(db, userId, rows))
      pass.changed[row.item_kind].add(num(row.item_id));
    states += rows.length;
  }
  if (!pass.full) return { states, anomaly: false };
  return { states, anomaly: !(await dropUnreported(db, userId, seen, pass)) };
}

async function dropUnreported(
  db: Db,
  userId: number,
  seen: { movie: IdSet; episode: IdSet },
  pass: UserPass,
): Promise<boolean> {
  const rows = await statesOfUser(db, userId);
  const gone = rows.filter((row) => !seen[row.item_kind].has(num(row.item_id)));
  const completed = rows.filter((row) => row.completed).length;
  if (gone.filter((row) => row.completed).length > pass.ratio * completed && completed > 0)
    return false;
  for (const kind of ['movie', 'episode'] as const) {
    const ids = gone.filter((row) => row.item_kind === kind).map((row) => num(row.item_id));
    if (ids.length === 0) continue;
    await deleteStates(db, userId, kind, ids);
    for (const id of ids) pass.changed[kind].add(id);
  }
  return true;
}
