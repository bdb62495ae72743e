import type { MediaKey } from '../domain/target';
import type { Tx } from '../db';

/**
 * Soft removal and restore of root items, and files leaving the library (domain.md 1.10-1.11).
 * Removal and restore carry no `as_of`; the message's occurred_at orders them instead.
 */
export async function setRemoved(
  tx: Tx,
  key: MediaKey,
  removedAt: Date | null,
  occurredAt: Date,
): Promise<boolean> {
  const changed = await tx.$executeRaw`UPDATE media_items
       SET removed_at = ${removedAt}::timestamptz, presence_as_of = ${occurredAt}::timestamptz
     WHERE media_type = ${key.mediaType} AND media_id = ${key.mediaId}::bigint
       AND (presence_as_of IS NULL OR presence_as_of < ${occurredAt}::timestamptz)`;
  return changed > 0;
}

export async function deleteVersion(tx: Tx, versionId: number): Promise<void> {
  await tx.$executeRaw`DELETE FROM movie_versions WHERE id = ${versionId}::bigint`;
}

/** The file's episodes move to its replacement, or are left without a file. */
export async function detachEpisodeFile(
  tx: Tx,
  fileId: number,
  episodeIds: number[],
  replacementId: number | null,
): Promise<void> {
  await tx.$executeRaw`UPDATE episodes SET episode_file_id = ${replacementId}::bigint
    WHERE id = ANY(${episodeIds}::bigint[]) AND episode_file_id = ${fileId}::bigint`;
  await tx.$executeRaw`DELETE FROM episode_files WHERE id = ${fileId}::bigint`;
}
