import type { DbClient } from '../db';

export type AlertKind =
  'sync_mass_removal_blocked' | 'source_unavailable' | 'unidentified_items' | 'main_server_changed';

export interface AlertInput {
  kind: AlertKind;
  /** What the alert is about (e.g. a service config id); one active alert per kind and subject. */
  subject?: string;
  severity: 'info' | 'warning' | 'critical';
  title: string;
  message: string;
  data?: Record<string, unknown>;
}

/**
 * Raises an admin alert (internal-api.md 5): an alert of a kind already active for the same
 * subject is updated rather than duplicated.
 */
export async function raiseAlert(db: DbClient, alert: AlertInput, now: Date): Promise<void> {
  await db.$executeRaw`
    INSERT INTO alerts (kind, subject, severity, title, message, data, created_at, updated_at)
    VALUES (${alert.kind}, ${alert.subject ?? ''}, ${alert.severity}, ${alert.title},
            ${alert.message}, ${JSON.stringify(alert.data ?? {})}::jsonb, ${now}, ${now})
    ON CONFLICT (kind, subject) WHERE resolved_at IS NULL DO UPDATE
      SET severity = EXCLUDED.severity, title = EXCLUDED.title, message = EXCLUDED.message,
          data = EXCLUDED.data, updated_at = EXCLUDED.updated_at`;
}

export async function resolveAlert(
  db: DbClient,
  kind: AlertKind,
  subject: string,
  now: Date,
): Promise<void> {
  await db.alert.updateMany({
    where: { kind, subject, resolvedAt: null },
    data: { resolvedAt: now, updatedAt: now },
  });
}

export async function activeAlerts(db: DbClient, kind?: AlertKind) {
  return db.alert.findMany({
    where: { resolvedAt: null, ...(kind ? { kind } : {}) },
    orderBy: { id: 'asc' },
  });
}
