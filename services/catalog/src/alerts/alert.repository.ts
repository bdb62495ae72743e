import type { DbClient, Tx } from '../db';
import type { MediaEvents } from '../messaging/media-events';

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

/** A resolution that answers cleanup's confirmation job (catalog.removals.confirm). */
export interface Confirmation {
  jobId: number;
  summary: Record<string, unknown>;
}

/**
 * Raises an admin alert (internal-api.md 5): an alert of a kind already active for the same
 * subject is updated rather than duplicated. cleanup owns the administrators' list (decision
 * 016), so every raise or refresh also goes to it as alert.raised, in the same transaction.
 */
export async function raiseAlert(
  tx: Tx,
  events: MediaEvents,
  alert: AlertInput,
  now: Date,
): Promise<void> {
  const subject = alert.subject ?? '';
  const data = alert.data ?? {};
  await tx.$executeRaw`
    INSERT INTO alerts (kind, subject, severity, title, message, data, created_at, updated_at)
    VALUES (${alert.kind}, ${subject}, ${alert.severity}, ${alert.title},
            ${alert.message}, ${JSON.stringify(data)}::jsonb, ${now}, ${now})
    ON CONFLICT (kind, subject) WHERE resolved_at IS NULL DO UPDATE
      SET severity = EXCLUDED.severity, title = EXCLUDED.title, message = EXCLUDED.message,
          data = EXCLUDED.data, updated_at = EXCLUDED.updated_at`;
  await events.add(tx, 'alert.raised', {
    kind: alert.kind,
    subject,
    severity: alert.severity,
    title: alert.title,
    message: alert.message,
    data,
    raised_at: now.toISOString(),
  });
}

type Resolution = { kind: AlertKind; subject?: string; confirmation?: Confirmation };

/**
 * Resolves the active alert of the kind and subject and tells cleanup (alert.resolved) when a
 * row was resolved. A confirmation is answered even when nothing was active: cleanup's job
 * waits for that answer.
 */
export async function resolveAlert(
  tx: Tx,
  events: MediaEvents,
  target: Resolution,
  now: Date,
): Promise<void> {
  const { count } = await tx.alert.updateMany({
    where: { kind: target.kind, subject: target.subject ?? '', resolvedAt: null },
    data: { resolvedAt: now, updatedAt: now },
  });
  if (count > 0 || target.confirmation) await announceResolved(tx, events, target, now);
}

/** alert.resolved alone: the answer to a confirmation that was carried out before. */
export async function announceResolved(
  tx: Tx,
  events: MediaEvents,
  target: Resolution,
  now: Date,
): Promise<void> {
  await events.add(tx, 'alert.resolved', {
    kind: target.kind,
    subject: target.subject ?? '',
    resolved_at: now.toISOString(),
    job_id: target.confirmation?.jobId ?? null,
    summary: target.confirmation?.summary ?? {},
  });
}

export async function activeAlerts(db: DbClient, kind?: AlertKind) {
  return db.alert.findMany({
    where: { resolvedAt: null, ...(kind ? { kind } : {}) },
    orderBy: { id: 'asc' },
  });
}
