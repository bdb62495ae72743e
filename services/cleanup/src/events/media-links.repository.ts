import { num } from '@mcs/kit';
import type { MediaKey, MediaType } from '../domain/target';
import type { Tx } from '../db';

/** Every candidate and (not deleted) protection of some root items, for catalog's projection. */
export interface MediaLinks extends MediaKey {
  candidateIds: number[];
  protections: { id: number; expiresAt: Date | null }[];
}

export async function readMediaLinks(tx: Tx, keys: MediaKey[]): Promise<MediaLinks[]> {
  const types = keys.map((key) => key.mediaType);
  const ids = keys.map((key) => key.mediaId);
  const [candidates, protections] = await Promise.all([
    tx.$queryRaw<{ media_type: MediaType; media_id: bigint; id: bigint }[]>`
      SELECT media_type, media_id, id FROM candidates
       WHERE (media_type, media_id) IN (SELECT * FROM unnest(${types}::text[], ${ids}::bigint[]))
       ORDER BY id`,
    tx.$queryRaw<
      { media_type: MediaType; media_id: bigint; id: bigint; expires_at: Date | null }[]
    >`
      SELECT media_type, media_id, id, expires_at FROM protections
       WHERE (media_type, media_id) IN (SELECT * FROM unnest(${types}::text[], ${ids}::bigint[]))
       ORDER BY id`,
  ]);
  const links = new Map(
    keys.map((key) => [
      `${key.mediaType}:${key.mediaId}`,
      { ...key, candidateIds: [] as number[], protections: [] as MediaLinks['protections'] },
    ]),
  );
  for (const row of candidates)
    links.get(`${row.media_type}:${row.media_id}`)?.candidateIds.push(num(row.id));
  for (const row of protections)
    links
      .get(`${row.media_type}:${row.media_id}`)
      ?.protections.push({ id: num(row.id), expiresAt: row.expires_at });
  return [...links.values()];
}
