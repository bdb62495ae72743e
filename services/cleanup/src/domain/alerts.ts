import type { InternalApi } from '@mcs/contracts';

export type AlertKind = InternalApi.components['schemas']['AlertKind'];
export type AlertSeverity = InternalApi.components['schemas']['Alert']['severity'];
type Job = InternalApi.components['schemas']['Job'];

export const ALERT_KINDS: readonly AlertKind[] = [
  'sync_mass_removal_blocked',
  'auto_delete_circuit_breaker',
  'source_unavailable',
  'source_anomaly',
  'delete_failed',
  'task_failure',
  'main_server_changed',
  'unidentified_items',
];

/** The two kinds an administrator may confirm (domain.md 2.11, 6.2); any other is dismissed. */
export type ConfirmableKind = 'auto_delete_circuit_breaker' | 'sync_mass_removal_blocked';

export function isConfirmable(kind: AlertKind): kind is ConfirmableKind {
  return kind === 'auto_delete_circuit_breaker' || kind === 'sync_mass_removal_blocked';
}

/** What an administrator may do with an alert now: nothing once it is resolved. */
export function alertActions(
  kind: AlertKind,
  resolvedAt: Date | null,
): Array<'confirm' | 'dismiss'> {
  if (resolvedAt !== null) return [];
  return isConfirmable(kind) ? ['confirm', 'dismiss'] : ['dismiss'];
}

/** A confirmed breaker set is good for one run within this long (domain.md 6.2). */
export const BREAKER_CONFIRMATION_TTL_MS = 24 * 60 * 60 * 1000;

export interface ConfirmationRecord {
  jobId: number;
  kind: ConfirmableKind;
  confirmedBy: number;
  status: 'queued' | 'completed';
  result: Record<string, unknown> | null;
  createdAt: Date;
  expiresAt: Date | null;
  finishedAt: Date | null;
}

/**
 * A confirmation as `GET /api/jobs/{job_id}` shows it (internal-api.md 11): queued until the
 * work it asked for is done, then completed with what that work did. A breaker confirmation no
 * run used within its 24 h has failed: the candidates it freed are held again.
 */
export function confirmationJobOf(record: ConfirmationRecord, now: Date): Job {
  const expired =
    record.status === 'queued' &&
    record.expiresAt !== null &&
    record.expiresAt.getTime() <= now.getTime();
  const finishedAt = expired ? record.expiresAt : record.finishedAt;
  return {
    job_id: record.jobId,
    kind: 'alert_confirmation',
    status: expired ? 'failed' : record.status,
    progress: record.status === 'completed' ? 100 : null,
    result: record.result === null ? null : { summary: record.result },
    error: expired
      ? 'confirmation_expired: no deletion run used the confirmation within 24 hours.'
      : null,
    created_at: record.createdAt.toISOString(),
    started_at: null,
    finished_at: finishedAt === null ? null : finishedAt.toISOString(),
  };
}

/** An alert as a service raises it; a repeat of the same kind and subject updates it. */
export interface NewAlert {
  kind: AlertKind;
  /** What the alert is about within its kind ('' for library-wide alerts). */
  subject: string;
  severity: AlertSeverity;
  title: string;
  message: string;
  data: Record<string, unknown>;
}

/**
 * A task's failure alert is per task and service: a task several services run (a sync, the
 * housekeeping) fails and recovers in each of them separately.
 */
export const taskFailureSubject = (run: { task_id: string; service: string }): string =>
  `${run.task_id}/${run.service}`;

/** The alert a failed task run raises (domain.md 9: a failed run raises an alert). */
export function taskFailureAlert(failure: {
  task_id: string;
  run_id: number;
  service: string;
  error: string;
  error_code: string | null;
}): NewAlert {
  return {
    kind: 'task_failure',
    subject: taskFailureSubject(failure),
    // The breaker's own alert says what to do; the run it stopped is only context.
    severity: failure.error_code === 'circuit_breaker_tripped' ? 'info' : 'warning',
    title: `Task ${failure.task_id} failed in ${failure.service}`,
    message: failure.error,
    data: {
      task_id: failure.task_id,
      run_id: failure.run_id,
      service: failure.service,
      error_code: failure.error_code,
    },
  };
}
