import type { MessagePayload } from '@mcs/contracts';
import type { SqlClient } from '@mcs/kit';
import type { Tx } from '../db';
import type { DiskFree, PlaybackUser } from '../domain/rules/inputs';
import { newestOf } from './media.repository';

/**
 * The rule inputs besides the media facts (domain.md 1.7, 1.8): watch data and requests per root,
 * the playback users they name, free space per Arr disk. Each key holds catalog's full current
 * state and is replaced only by a newer `as_of`, so redelivered or reordered messages are
 * harmless.
 */
type RequestsItem = MessagePayload<'media.requests_changed'>['items'][number];
type DiskSnapshot = MessagePayload<'media.disk_space_changed'>;

const rootKey = (item: { media_type: string; media_id: number }) =>
  `${item.media_type}:${item.media_id}`;

export async function replaceWatchData(
  tx: Tx,
  payload: MessagePayload<'media.watch_data_changed'>,
): Promise<void> {
  const rows = [...newestOf(payload.items, rootKey).values()].map((item) => ({
    media_type: item.media_type,
    media_id: item.media_id,
    as_of: item.as_of,
    data: item,
  }));
  await tx.$executeRaw`
    INSERT INTO watch_data AS w (media_type, media_id, as_of, data)
    SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      AS x(media_type text, media_id bigint, as_of timestamptz, data jsonb)
    ON CONFLICT (media_type, media_id) DO UPDATE SET as_of = EXCLUDED.as_of, data = EXCLUDED.data
    WHERE w.as_of < EXCLUDED.as_of`;
  if (payload.playback_users.length === 0) return;
  // A user's account data has no time of its own; the latest message describing it wins.
  const users = new Map(payload.playback_users.map((user) => [user.playback_user_key, user]));
  await tx.$executeRaw`
    INSERT INTO playback_users (playback_user_key, data)
    SELECT x.data->>'playback_user_key', x.data
      FROM jsonb_array_elements(${JSON.stringify([...users.values()])}::jsonb) AS x(data)
    ON CONFLICT (playback_user_key) DO UPDATE SET data = EXCLUDED.data`;
}

export async function replaceRequests(tx: Tx, items: RequestsItem[]): Promise<void> {
  const rows = [...newestOf(items, rootKey).values()];
  await tx.$executeRaw`
    INSERT INTO request_snapshots AS r (media_type, media_id, as_of, requests)
    SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      AS x(media_type text, media_id bigint, as_of timestamptz, requests jsonb)
    ON CONFLICT (media_type, media_id) DO UPDATE
      SET as_of = EXCLUDED.as_of, requests = EXCLUDED.requests
    WHERE r.as_of < EXCLUDED.as_of`;
}

export async function replaceDiskSpace(tx: Tx, snapshot: DiskSnapshot): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO disk_space (id, as_of, disks)
    VALUES (1, ${new Date(snapshot.as_of)}, ${JSON.stringify(snapshot.disks)}::jsonb)
    ON CONFLICT (id) DO UPDATE SET as_of = EXCLUDED.as_of, disks = EXCLUDED.disks
     WHERE disk_space.as_of < EXCLUDED.as_of`;
}

/** Every playback user catalog has named, by key. */
export async function playbackUsers(db: SqlClient): Promise<PlaybackUser[]> {
  const rows = await db.$queryRawUnsafe<{ data: PlaybackUser }[]>(
    'SELECT data FROM playback_users ORDER BY playback_user_key',
  );
  return rows.map((row) => row.data);
}

/** Free percent per disk id, from the newest snapshot; empty before the first one. */
export async function diskFree(db: SqlClient): Promise<DiskFree> {
  const rows = await db.$queryRawUnsafe<{ disks: DiskSnapshot['disks'] }[]>(
    'SELECT disks FROM disk_space WHERE id = 1',
  );
  return new Map((rows[0]?.disks ?? []).map((disk) => [disk.disk_id, disk.free_percent]));
}
