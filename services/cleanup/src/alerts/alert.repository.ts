import { num, readPage, sql, type SqlClient } from '@mcs/kit';
import type { Tx } from '../db';
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
 * Raises an alert, or refreshes the active one of the same kind and subject. `raised` is true
 * when the alert became active now (administrators are notified once per alert), false for a
 * refresh.
 */
export async function raiseAlert(
  tx: Tx,
  alert: NewAlert,
  now: Date,
): Promise<{ id: number; raised: boolean }> {
  // xmax is 0 on a row this statement inserted, and set on one it updated.
  const [row] = await tx.$queryRaw<{ id: bigint; raised: boolean }[]>`
    INSERT INTO alerts (kind, subject, severity, title, message, data, created_at, updated_at)
    VALUES (${alert.kind}, ${alert.subject}, ${alert.severity}, ${alert.title}, ${alert.message},
            ${JSON.stringify(alert.data)}::jsonb, ${now}, ${now})
    ON CONFLICT (kind, subject) WHERE resolved_at IS NULL
    DO UPDATE SET severity = EXCLUDED.severity, title = EXCLUDED.title,
                  message = EXCLUDED.message, data = EXCLUDED.data,
                  updated_at = EXCLUDED.updated_at
    RETURNING id, (xmax = 0) AS raised`;
  if (!row) throw new Error(`alert ${alert.kind} was neither inserted nor updated`);
  return { id: num(row.id), raised: row.raised };
}

/** Resolves the active alert of a kind and subject, if any. */
export async function resolveActiveAlert(
  tx: Tx,
  which: { kind: AlertKind; subject: string },
  at: Date,
): Promise<void> {
  await tx.$executeRaw`
    UPDATE alerts SET resolved_at = ${at}, updated_at = ${at}
     WHERE kind = ${which.kind} AND subject = ${which.subject} AND resolved_at IS NULL`;
}

/**
 * Records another service's report about an alert observed at `observedAt`, unless a report
 * observed later was recorded already: then this one arrived late and must change nothing
 * (false). Holds the report's row lock until the transaction ends, so two reports about one
 * alert never interleave.
 */
export async function recordReport(
  tx: Tx,
  which: { kind: AlertKind; subject: string },
  observedAt: Date,
): Promise<boolean> {
  const rows = await tx.$queryRaw<unknown[]>`
    INSERT INTO alert_reports (kind, subject, observed_at)
    VALUES (${which.kind}, ${which.subject}, ${observedAt})
    ON CONFLICT (kind, subject) DO UPDATE SET observed_at = EXCLUDED.observed_at
     WHERE alert_reports.observed_at <= EXCLUDED.observed_at
    RETURNING 1`;
  return rows.length > 0;
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

/** A page of alerts, newest first, with the total the filters match (one statement). */
export async function listAlerts(
  db: SqlClient,
  filters: AlertFilters,
  page: { limit: number; offset: number },
): Promise<{ records: AlertRecord[]; total: number }> {
  const where = sql`WHERE (${!filters.activeOnly} OR resolved_at IS NULL)
                      AND (${filters.kind}::text IS NULL OR kind = ${filters.kind})`;
  const { rows, total } = await readPage<Row>(db, {
    total: sql`SELECT count(*) FROM alerts ${where}`,
    page: sql`SELECT id, kind, severity, title, message, data, created_at, resolved_at,
                     resolved_by
                FROM alerts ${where}
               ORDER BY id DESC LIMIT ${page.limit} OFFSET ${page.offset}`,
    order: sql`p.id DESC`,
  });
  return { records: rows.map(recordOf), total };
}

/** Housekeeping (domain.md 9): alerts resolved more than 90 days ago go. */
export async function purgeResolvedAlerts(tx: Tx, now: Date): Promise<number> {
  return tx.$executeRaw`
    DELETE FROM alerts WHERE resolved_at < ${now}::timestamptz - interval '90 days'`;
}
