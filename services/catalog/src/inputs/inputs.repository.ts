import { num, numOrNull } from '@mcs/kit';
import type { DbClient } from '../db';

/**
 * Live movies and episodes by the main media server's item ids (the ids its sessions report),
 * as now-playing items. A series or season id is matched too: a client may report the show.
 */
export async function itemsByServerId(db: DbClient, serverItemIds: string[]) {
  if (serverItemIds.length === 0) return [];
  const rows = await db.$queryRaw<
    {
      server_item_id: string;
      media_type: 'movie' | 'series';
      media_id: bigint;
      episode_id: bigint | null;
    }[]
  >`
    SELECT server_item_id, 'movie' AS media_type, id AS media_id, NULL::bigint AS episode_id
      FROM movies WHERE server_item_id = ANY(${serverItemIds}::text[]) AND removed_at IS NULL
    UNION ALL
    SELECT e.server_item_id, 'series', e.series_id, e.id FROM episodes e
     WHERE e.server_item_id = ANY(${serverItemIds}::text[]) AND e.removed_at IS NULL
    UNION ALL
    SELECT s.server_item_id, 'series', s.id, NULL FROM series s
     WHERE s.server_item_id = ANY(${serverItemIds}::text[]) AND s.removed_at IS NULL`;
  return rows.map((row) => ({
    serverItemId: row.server_item_id,
    mediaType: row.media_type,
    mediaId: num(row.media_id),
    episodeId: numOrNull(row.episode_id),
  }));
}

/** The newest outbox row now: a refresh's own messages all come after it. */
export async function outboxMark(db: DbClient): Promise<bigint> {
  const [row] = await db.$queryRaw<{ id: bigint | null }[]>`SELECT max(id) AS id FROM outbox`;
  return row?.id ?? 0n;
}

/** The media.* messages committed after `mark`, in outbox order. */
export async function mediaMessagesSince(
  db: DbClient,
  mark: bigint,
): Promise<{ message_id: string; name: string }[]> {
  return db.$queryRaw<{ message_id: string; name: string }[]>`
    SELECT message_id::text AS message_id, routing_key AS name FROM outbox
     WHERE id > ${mark} AND routing_key LIKE 'media.%' ORDER BY id`;
}
