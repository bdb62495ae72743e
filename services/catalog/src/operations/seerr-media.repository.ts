import type { DbClient } from '../db';
import type { OperationCommand } from './operation-intake';

/** The Seerr media entries (per Seerr instance) of the requests for the target's item. */
export async function seerrMediaOf(
  db: DbClient,
  target: OperationCommand['target'],
): Promise<{ service_config_id: bigint; seerr_media_id: number }[]> {
  const table = target.media_type === 'movie' ? 'movies' : 'series';
  return db.$queryRawUnsafe<{ service_config_id: bigint; seerr_media_id: number }[]>(
    `SELECT DISTINCT r.service_config_id, r.seerr_media_id FROM seerr_requests r
       JOIN ${table} t ON t.tmdb_id = r.tmdb_id AND t.id = $1
      WHERE r.media_type = $2`,
    target.media_id,
    target.media_type,
  );
}
