import type { Direct } from '../db';
import { CANDIDATE_SCAN, MEDIA_SYNC } from '../domain/system-facts';

export interface SystemFacts {
  hasMainServer: boolean;
  lastSyncAt: Date | null;
  lastScanAt: Date | null;
}

/**
 * What GET /api/v1/system reads on every call, in one statement through plain pg: it is the
 * most frequent call an integrator makes (health probes), and three statements through Prisma
 * cost several times the answer (bench/api/RESULTS.md).
 */
export const systemRepository = {
  async facts(direct: Direct): Promise<SystemFacts> {
    const [row] = await direct.$queryRawUnsafe<
      { has_main_server: boolean | null; last_sync: Date | null; last_scan: Date | null }[]
    >(
      `SELECT (SELECT has_main_server FROM main_server WHERE id = 1) AS has_main_server,
              (SELECT max(completed_at) FROM task_runs
                WHERE status = 'completed' AND task_id = ANY($1::text[])
                  AND summary->>'kind' = ANY($2::text[])) AS last_sync,
              (SELECT max(completed_at) FROM task_runs
                WHERE status = 'completed' AND task_id = ANY($3::text[])) AS last_scan`,
      MEDIA_SYNC.taskIds,
      MEDIA_SYNC.kinds,
      CANDIDATE_SCAN.taskIds,
    );
    return {
      hasMainServer: row?.has_main_server ?? false,
      lastSyncAt: row?.last_sync ?? null,
      lastScanAt: row?.last_scan ?? null,
    };
  },
};
