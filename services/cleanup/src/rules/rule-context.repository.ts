import type { DbClient } from '../db';

/**
 * What rule validation checks ids against (domain.md 3.9 item 5), from cleanup's own
 * projection of catalog's media facts: the libraries that hold live media, and the Radarr and
 * Sonarr instances that hold any. An instance or library without media is not known here.
 */
export async function knownLibraryIds(db: DbClient): Promise<number[]> {
  const rows = await db.$queryRaw<{ id: bigint }[]>`
    SELECT DISTINCT (jsonb_array_elements_text(facts->'library_ids'))::bigint AS id
      FROM media_items WHERE removed_at IS NULL`;
  return rows.map((row) => Number(row.id));
}

export async function knownArrServices(
  db: DbClient,
): Promise<{ id: number; type: 'radarr' | 'sonarr' }[]> {
  const rows = await db.$queryRaw<{ id: bigint; type: 'radarr' | 'sonarr' }[]>`
    SELECT DISTINCT (jsonb_array_elements_text(facts->'radarr_service_ids'))::bigint AS id,
           'radarr' AS type
      FROM media_items WHERE media_type = 'movie' AND removed_at IS NULL
    UNION
    SELECT DISTINCT (jsonb_array_elements_text(facts->'radarr_service_ids'))::bigint, 'radarr'
      FROM movie_versions
    UNION
    SELECT DISTINCT (jsonb_array_elements_text(facts->'sonarr_service_ids'))::bigint, 'sonarr'
      FROM media_items WHERE media_type = 'series' AND removed_at IS NULL`;
  return rows.map((row) => ({ id: Number(row.id), type: row.type }));
}
