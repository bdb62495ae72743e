import { num } from '@mcs/kit';
import type { MessagePayload } from '@mcs/contracts';
import type { DbClient, Tx } from '../db';

export interface TagHolder {
  mediaType: 'movie' | 'series';
  mediaId: number;
  serviceConfigId: number;
  arrId: number;
}

/** The Radarr movies and Sonarr series (of enabled instances) holding the given items. */
export async function holdersOf(
  db: DbClient,
  items: { media_type: 'movie' | 'series'; media_id: number }[],
): Promise<TagHolder[]> {
  const ids = (type: 'movie' | 'series') =>
    items.filter((i) => i.media_type === type).map((i) => i.media_id);
  const rows = await db.$queryRaw<
    {
      media_type: 'movie' | 'series';
      media_id: bigint;
      service_config_id: bigint;
      arr_id: number;
    }[]
  >`
    SELECT 'movie' AS media_type, a.movie_id AS media_id, a.service_config_id, a.arr_id
      FROM arr_movies a JOIN service_configs s ON s.id = a.service_config_id AND s.enabled
     WHERE a.movie_id = ANY(${ids('movie')}::bigint[])
    UNION ALL
    SELECT 'series', a.series_id, a.service_config_id, a.arr_id
      FROM arr_series a JOIN service_configs s ON s.id = a.service_config_id AND s.enabled
     WHERE a.series_id = ANY(${ids('series')}::bigint[])`;
  return rows.map((row) => ({
    mediaType: row.media_type,
    mediaId: num(row.media_id),
    serviceConfigId: num(row.service_config_id),
    arrId: row.arr_id,
  }));
}

/** Records a catalog.tags.apply command; 0 when its message is already known. */
export function recordTagCommand(
  tx: Tx,
  messageId: string,
  command: MessagePayload<'catalog.tags.apply'>,
): Promise<number> {
  return tx.$executeRaw`
      INSERT INTO tag_commands (message_id, run_id, items)
      VALUES (${messageId}::uuid, ${command.run_id}, ${JSON.stringify(command.items)}::jsonb)
      ON CONFLICT (message_id) DO NOTHING`;
}

export function findTagCommand(db: DbClient, messageId: string) {
  return db.tagCommand.findUnique({ where: { messageId } });
}

/** Marks a queued command done; 0 when it was done already (by an earlier attempt). */
export async function finishTagCommand(tx: Tx, messageId: string, now: Date): Promise<number> {
  const { count } = await tx.tagCommand.updateMany({
    where: { messageId, status: 'queued' },
    data: { status: 'done', finishedAt: now },
  });
  return count;
}

/** Commands whose job may have been lost with Redis. */
export async function queuedTagCommandIds(db: DbClient): Promise<string[]> {
  const rows = await db.tagCommand.findMany({
    where: { status: 'queued' },
    select: { messageId: true },
  });
  return rows.map((row) => row.messageId);
}
