import { num } from '@mcs/kit';
import type { DbClient, Tx } from '../db';
import type { AlertKind, ConfirmableKind, ConfirmationRecord } from '../domain/alerts';

interface Row {
  job_id: bigint;
  kind: ConfirmableKind;
  confirmed_by: bigint;
  status: 'queued' | 'completed';
  result: Record<string, unknown> | null;
  created_at: Date;
  expires_at: Date | null;
  finished_at: Date | null;
}

const recordOf = (row: Row): ConfirmationRecord => ({
  jobId: num(row.job_id),
  kind: row.kind,
  confirmedBy: num(row.confirmed_by),
  status: row.status,
  result: row.result,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  finishedAt: row.finished_at,
});

export async function addConfirmation(
  tx: Tx,
  confirmation: {
    jobId: number;
    alertId: number;
    kind: ConfirmableKind;
    confirmedBy: number;
    candidateIds: number[];
    expiresAt: Date | null;
  },
  now: Date,
): Promise<void> {
  const c = confirmation;
  await tx.$executeRaw`
    INSERT INTO alert_confirmations
      (job_id, alert_id, kind, confirmed_by, candidate_ids, created_at, expires_at)
    VALUES (${c.jobId}, ${c.alertId}, ${c.kind}, ${c.confirmedBy}, ${c.candidateIds}::bigint[],
            ${now}, ${c.expiresAt})`;
}

/** The confirmation behind a job id, if that job is one. */
export async function confirmationByJob(
  db: DbClient,
  jobId: number,
): Promise<ConfirmationRecord | null> {
  const [row] = await db.$queryRaw<Row[]>`
    SELECT job_id, kind, confirmed_by, status, result, created_at, expires_at, finished_at
      FROM alert_confirmations WHERE job_id = ${jobId}`;
  return row ? recordOf(row) : null;
}

/**
 * The candidate ids of every breaker confirmation no run has used yet and that has not
 * expired, each with its job: together they are the confirmed set a deletion run may act on.
 */
export async function openBreakerConfirmations(
  tx: Tx,
  now: Date,
): Promise<{ jobId: number; candidateIds: number[] }[]> {
  const rows = await tx.$queryRaw<{ job_id: bigint; candidate_ids: bigint[] }[]>`
    SELECT job_id, candidate_ids FROM alert_confirmations
     WHERE status = 'queued' AND kind = 'auto_delete_circuit_breaker' AND expires_at > ${now}
     ORDER BY job_id`;
  return rows.map((row) => ({
    jobId: num(row.job_id),
    candidateIds: row.candidate_ids.map(num),
  }));
}

/**
 * Marks a confirmation of that kind done with what its work did. One already completed, or a
 * breaker confirmation past its expiry (its job has failed), is left as it is.
 */
export async function completeConfirmation(
  tx: Tx,
  which: { jobId: number; kind: AlertKind },
  result: Record<string, unknown>,
  now: Date,
): Promise<void> {
  await tx.$executeRaw`
    UPDATE alert_confirmations
       SET status = 'completed', result = ${JSON.stringify(result)}::jsonb, finished_at = ${now}
     WHERE job_id = ${which.jobId} AND kind = ${which.kind}
       AND status = 'queued' AND (expires_at IS NULL OR expires_at > ${now})`;
}
