import { num } from '@mcs/kit';
import type { DbClient, Tx } from '../db';
import type { AlertKind, AlertSeverity, NewAlert } from '../domain/alerts';

export interface AlertRecord {
  id: number;
  kind: AlertKind;
  severity: AlertSeverity;
  title: string;
  message: string;
  data: Record<string, unknown>;
  createdAt: Date;
  resolvedAt: Date | null;
  resolvedBy: number | null;
}

interface Row {
  id: bigint;
  kind: AlertKind;
  severity: AlertSeverity;
  title: string;
  message: string;
  data: Record<string, unknown>;
  created_at: Date;
  resolved_at: Date | null;
  resolved_by: bigint | null;
}

const recordOf = (row: Row): AlertRecord => ({
  id: num(row.id),
  kind: row.kind,
  severity: row.severity,
  title: row.title,
  message: row.message,
  data: row.data,
  createdAt: row.created_at,
  resolvedAt: row.resolved_at,
  resolvedBy: row.resolved_by === null ? null : num(row.resolved_by),
});

/**
 * Raises an alert, or refreshes the active one of the same kind and subject. A reported raise
 * (another service's, over the broker) observed before that alert's last change or before a
 * resolution of the same condition arrived late and changes nothing; cleanup's own raises are
 * observed in the transaction that writes them, so they are never late.
 */
export async function raiseAlert(
  tx: Tx,
  alert: NewAlert,
  observedAt: Date,
  origin: 'own' | 'reported' = 'own',
): Promise<void> {
  const reported = origin === 'reported';
  await tx.$executeRaw`
    INSERT INTO alerts (kind, subject, severity, title, message, data, created_at, updated_at)
    SELECT ${alert.kind}, ${alert.subject}, ${alert.severity}, ${alert.title}, ${alert.message},
           ${JSON.stringify(alert.data)}::jsonb, ${observedAt}, ${observedAt}
     WHERE NOT ${reported}
        OR NOT EXISTS (SELECT 1 FROM alerts
                        WHERE kind = ${alert.kind} AND subject = ${alert.subject}
                          AND resolved_at >= ${observedAt})
    ON CONFLICT (kind, subject) WHERE resolved_at IS NULL
    DO UPDATE SET severity = EXCLUDED.severity, title = EXCLUDED.title,
                  message = EXCLUDED.message, data = EXCLUDED.data,
                  updated_at = EXCLUDED.updated_at
            WHERE NOT ${reported} OR alerts.updated_at <= EXCLUDED.updated_at`;
}

/**
 * Resolves the active alert of a kind and subject, if any, unless it changed after `at` (the
 * resolution arrived after a newer raise); returns its id.
 */
export async function resolveActiveAlert(
  tx: Tx,
  which: { kind: AlertKind; subject: string },
  at: Date,
  resolvedBy: number | null,
): Promise<number | null> {
  const rows = await tx.$queryRaw<{ id: bigint }[]>`
    UPDATE alerts SET resolved_at = ${at}, resolved_by = ${resolvedBy}, updated_at = ${at}
     WHERE kind = ${which.kind} AND subject = ${which.subject} AND resolved_at IS NULL
       AND updated_at <= ${at}
    RETURNING id`;
  return rows[0] ? num(rows[0].id) : null;
}

/** One alert, locked until the transaction ends (a confirm and a dismiss never interleave). */
export async function lockAlert(tx: Tx, id: number): Promise<AlertRecord | null> {
  const [row] = await tx.$queryRaw<Row[]>`
    SELECT id, kind, severity, title, message, data, created_at, resolved_at, resolved_by
      FROM alerts WHERE id = ${id} FOR UPDATE`;
  return row ? recordOf(row) : null;
}

/** Resolves one alert by an administrator; returns it as it is now. */
export async function resolveAlert(
  tx: Tx,
  id: number,
  at: Date,
  resolvedBy: number,
): Promise<AlertRecord> {
  const [row] = await tx.$queryRaw<Row[]>`
    UPDATE alerts SET resolved_at = ${at}, resolved_by = ${resolvedBy}, updated_at = ${at}
     WHERE id = ${id}
    RETURNING id, kind, severity, title, message, data, created_at, resolved_at, resolved_by`;
  if (!row) throw new Error(`alert ${id} vanished inside its lock`);
  return recordOf(row);
}

export interface AlertFilters {
  activeOnly: boolean;
  kind: AlertKind | null;
}

/** A page of alerts, newest first, with the total the filters match. */
export async function listAlerts(
  db: DbClient,
  filters: AlertFilters,
  page: { limit: number; offset: number },
): Promise<{ records: AlertRecord[]; total: number }> {
  const [rows, [count]] = await Promise.all([
    db.$queryRaw<Row[]>`
      SELECT id, kind, severity, title, message, data, created_at, resolved_at, resolved_by
        FROM alerts
       WHERE (${!filters.activeOnly} OR resolved_at IS NULL)
         AND (${filters.kind}::text IS NULL OR kind = ${filters.kind})
       ORDER BY id DESC LIMIT ${page.limit} OFFSET ${page.offset}`,
    db.$queryRaw<{ n: bigint }[]>`
      SELECT count(*) AS n FROM alerts
       WHERE (${!filters.activeOnly} OR resolved_at IS NULL)
         AND (${filters.kind}::text IS NULL OR kind = ${filters.kind})`,
  ]);
  return { records: rows.map(recordOf), total: num(count?.n ?? 0n) };
}

/** Housekeeping (domain.md 9): alerts resolved more than 90 days ago go. */
export async function purgeResolvedAlerts(tx: Tx, now: Date): Promise<number> {
  return tx.$executeRaw`
    DELETE FROM alerts WHERE resolved_at < ${now}::timestamptz - interval '90 days'`;
}
