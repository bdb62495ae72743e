import type { MessagePayload } from '@mcs/contracts';
import type { DbClient } from '../db';

type Links = MessagePayload<'cleanup.media_links_changed'>['items'][number];

/**
 * Replaces the links of each item whose `as_of` is newer than the stored one, so redelivered
 * or reordered messages from cleanup change nothing (the newest state wins).
 */
export async function applyMediaLinks(db: DbClient, items: Links[]): Promise<number> {
  const newest = new Map<string, Links>();
  for (const item of items) {
    const key = `${item.media_type}:${item.media_id}`;
    const seen = newest.get(key);
    if (!seen || Date.parse(seen.as_of) < Date.parse(item.as_of)) newest.set(key, item);
  }
  const rows = [...newest.values()].map((item) => ({
    media_type: item.media_type,
    media_id: item.media_id,
    as_of: item.as_of,
    candidate_ids: [...item.candidate_ids].sort((a, b) => a - b),
    protection_ids: item.protections.map((p) => p.id),
    protection_expires_at: item.protections.map((p) => p.expires_at),
  }));
  if (rows.length === 0) return 0;
  return db.$executeRaw`
    INSERT INTO media_links AS l (media_type, media_id, as_of, candidate_ids, protection_ids,
                                  protection_expires_at)
    SELECT x.media_type, x.media_id, x.as_of, x.candidate_ids, x.protection_ids,
           x.protection_expires_at
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(media_type text,
           media_id bigint, as_of timestamptz, candidate_ids bigint[], protection_ids bigint[],
           protection_expires_at timestamptz[])
    ON CONFLICT (media_type, media_id) DO UPDATE
       SET as_of = EXCLUDED.as_of, candidate_ids = EXCLUDED.candidate_ids,
           protection_ids = EXCLUDED.protection_ids,
           protection_expires_at = EXCLUDED.protection_expires_at
     WHERE l.as_of < EXCLUDED.as_of`;
}
