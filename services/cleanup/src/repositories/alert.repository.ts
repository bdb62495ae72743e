import type { Tx } from '../db';

export interface NewAlert {
  kind: 'auto_delete_circuit_breaker' | 'delete_failed';
  /** What the alert is about within its kind ('' for run-wide alerts). */
  subject?: string;
  message: string;
  data: Record<string, unknown>;
}

/** Raises an alert, or refreshes the active one of the same kind and subject. */
export async function raiseAlert(tx: Tx, alert: NewAlert, now: Date): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO alerts (kind, subject, message, data, created_at, updated_at)
    VALUES (${alert.kind}, ${alert.subject ?? ''}, ${alert.message},
            ${JSON.stringify(alert.data)}::jsonb, ${now}, ${now})
    ON CONFLICT (kind, subject) WHERE resolved_at IS NULL
    DO UPDATE SET message = EXCLUDED.message, data = EXCLUDED.data, updated_at = EXCLUDED.updated_at`;
}
