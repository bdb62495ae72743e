import type { MessagePayload } from '@mcs/contracts';
import { num } from '@mcs/kit';
import type { DbClient } from '../db';

type SourceWire = MessagePayload<'media.source_status_changed'>['sources'][number];
export type SourceName = SourceWire['source'];
export type SourceState = SourceWire['state'];

export interface SourceUpdate {
  source: SourceName;
  serviceConfigId: number | null;
  serviceType: SourceWire['service_type'];
  state: SourceState;
  /** Machine reason when not ok (unauthorized, timeout, http_503, anomaly, …). */
  reason?: string | null;
  /** Internal detail (admin views); never published. */
  error?: string | null;
}

/**
 * Records the state of a data source (domain.md 2.13); `ok` moves last_success_at. Returns
 * whether the state or reason changed, so callers publish the set only when it did.
 */
export async function recordSource(db: DbClient, update: SourceUpdate, now: Date) {
  const ok = update.state === 'ok';
  const rows = await db.$queryRaw<{ changed: boolean }[]>`
    WITH previous AS (
      SELECT state, reason FROM source_statuses
       WHERE source = ${update.source} AND COALESCE(service_config_id, 0) = ${update.serviceConfigId ?? 0}
    )
    INSERT INTO source_statuses AS s (source, service_config_id, service_type, state, reason,
                                      last_success_at, last_attempt_at, last_error, updated_at)
    VALUES (${update.source}, ${update.serviceConfigId}, ${update.serviceType}, ${update.state},
            ${ok ? null : (update.reason ?? null)}, ${ok ? now : null}, ${now},
            ${ok ? null : (update.error ?? null)}, ${now})
    ON CONFLICT (source, COALESCE(service_config_id, 0)) DO UPDATE
       SET service_type = EXCLUDED.service_type, state = EXCLUDED.state,
           reason = EXCLUDED.reason,
           last_success_at = COALESCE(EXCLUDED.last_success_at, s.last_success_at),
           last_attempt_at = EXCLUDED.last_attempt_at, last_error = EXCLUDED.last_error,
           updated_at = EXCLUDED.updated_at
    RETURNING NOT EXISTS (SELECT 1 FROM previous p
                           WHERE p.state = s.state
                             AND p.reason IS NOT DISTINCT FROM s.reason) AS changed`;
  return rows[0]?.changed ?? false;
}

export async function allSources(db: DbClient): Promise<SourceWire[]> {
  const rows = await db.sourceStatus.findMany({ orderBy: [{ source: 'asc' }, { id: 'asc' }] });
  return rows.map((row) => ({
    source: row.source as SourceWire['source'],
    service_config_id: row.serviceConfigId === null ? null : num(row.serviceConfigId),
    service_type: row.serviceType as SourceWire['service_type'],
    state: row.state as SourceWire['state'],
    reason: row.reason,
    last_success_at: row.lastSuccessAt?.toISOString() ?? null,
    last_attempt_at: row.lastAttemptAt?.toISOString() ?? null,
  }));
}

/** When each instance of a per-instance source last succeeded, by service config id. */
export async function lastSuccesses(db: DbClient, source: SourceName): Promise<Map<number, Date>> {
  const rows = await db.sourceStatus.findMany({
    where: { source, serviceConfigId: { not: null }, lastSuccessAt: { not: null } },
    select: { serviceConfigId: true, lastSuccessAt: true },
  });
  return new Map(rows.map((row) => [num(row.serviceConfigId ?? 0n), row.lastSuccessAt as Date]));
}

/** When a source without instances (tmdb, imdb) last succeeded. */
export async function lastSuccessOf(db: DbClient, source: SourceName): Promise<Date | null> {
  const row = await db.sourceStatus.findFirst({
    where: { source, serviceConfigId: null },
    select: { lastSuccessAt: true },
  });
  return row?.lastSuccessAt ?? null;
}
