import type { DbClient, Tx } from '../db';
import type { MediaType } from '../domain/target';

/** Rule tags in Radarr/Sonarr (tag_cleanup_candidates, domain.md 9): wanted, applied, in flight. */
export interface ItemTags {
  mediaType: MediaType;
  mediaId: number;
  /** Tags the service wants on the item, sorted. */
  wanted: string[];
  /** Tags the service has applied (catalog confirmed), sorted. */
  applied: string[];
}

/**
 * Every live movie or series whose wanted rule tags differ from the applied ones. Wanted: the
 * `arr_tag` of every enabled rule with `tag_enabled` that a candidate of the item matched.
 */
export async function tagDifferences(db: DbClient): Promise<ItemTags[]> {
  const rows = await db.$queryRaw<
    { media_type: MediaType; media_id: bigint; wanted: string[]; applied: string[] }[]
  >`
    WITH wanted AS (
      SELECT c.media_type, c.media_id,
             array_agg(DISTINCT r.action->>'arr_tag' ORDER BY r.action->>'arr_tag') AS tags
        FROM candidates c
        JOIN rules r ON r.id = ANY(c.matched_rule_ids)
        JOIN media_items m ON m.media_type = c.media_type AND m.media_id = c.media_id
       WHERE r.enabled AND (r.action->>'tag_enabled')::boolean
         AND r.action->>'arr_tag' IS NOT NULL AND m.removed_at IS NULL
       GROUP BY 1, 2)
    SELECT coalesce(w.media_type, a.media_type) AS media_type,
           coalesce(w.media_id, a.media_id) AS media_id,
           coalesce(w.tags, '{}') AS wanted,
           coalesce((SELECT array_agg(t ORDER BY t) FROM unnest(a.tags) AS t), '{}') AS applied
      FROM wanted w
      FULL JOIN arr_tags a ON a.media_type = w.media_type AND a.media_id = w.media_id
     WHERE coalesce(w.tags, '{}') IS DISTINCT FROM
           coalesce((SELECT array_agg(t ORDER BY t) FROM unnest(a.tags) AS t), '{}')
     ORDER BY 1, 2`;
  return rows.map((row) => ({
    mediaType: row.media_type,
    mediaId: Number(row.media_id),
    wanted: row.wanted,
    applied: row.applied,
  }));
}

export interface SentItem {
  media_type: MediaType;
  media_id: number;
  tags: string[];
}

export async function recordTagCommand(
  tx: Tx,
  command: { messageId: string; runId: number | null; items: SentItem[]; sentAt: Date },
): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO tag_commands (message_id, run_id, items, sent_at)
    VALUES (${command.messageId}::uuid, ${command.runId}, ${JSON.stringify(command.items)}::jsonb,
            ${command.sentAt})`;
}

/**
 * catalog's answer to one command: every item that did not fail now carries the tag set it was
 * sent. Returns false for an unknown command (answered already, or never sent by this service).
 */
export async function applyTagAnswer(
  tx: Tx,
  messageId: string,
  failed: { media_type: string; media_id: number }[],
): Promise<boolean> {
  const rows = await tx.$queryRaw<{ items: SentItem[] }[]>`
    DELETE FROM tag_commands WHERE message_id = ${messageId}::uuid RETURNING items`;
  const sent = rows[0]?.items;
  if (!sent) return false;
  const failedKeys = new Set(failed.map((item) => `${item.media_type}:${item.media_id}`));
  const applied = sent.filter((item) => !failedKeys.has(`${item.media_type}:${item.media_id}`));
  const json = JSON.stringify(applied);
  await tx.$executeRaw`
    DELETE FROM arr_tags a USING jsonb_to_recordset(${json}::jsonb) AS x(media_type text, media_id bigint)
     WHERE a.media_type = x.media_type AND a.media_id = x.media_id`;
  await tx.$executeRaw`
    INSERT INTO arr_tags (media_type, media_id, tags)
    SELECT x.media_type, x.media_id, ARRAY(SELECT jsonb_array_elements_text(x.tags))
      FROM jsonb_to_recordset(${json}::jsonb) AS x(media_type text, media_id bigint, tags jsonb)
     WHERE jsonb_array_length(x.tags) > 0`;
  return true;
}
