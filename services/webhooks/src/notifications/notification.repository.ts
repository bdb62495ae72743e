import type { DbClient, Tx } from '../db';
import type { NotificationRequested } from '../domain/notification-content';

/** A due delivery the dispatcher claimed, with the notification it carries. */
export interface ClaimedNotification {
  id: bigint;
  channelId: string;
  /** Attempts made before this one. */
  attempts: number;
  notification: NotificationRequested;
}

export interface AttemptRecord {
  status: 'delivered' | 'pending' | 'failed' | 'canceled';
  statusCode: number | null;
  error: string | null;
  /** Milliseconds from now to the next attempt; null when none follows. */
  retryInMs: number | null;
}

interface ClaimRow {
  id: bigint;
  channel_id: string;
  attempts: number;
  event: NotificationRequested['event'];
  subject: string;
  severity: NotificationRequested['severity'];
  title: string;
  message: string;
  facts: NotificationRequested['facts'];
  ui_page: string | null;
  occurred_at: Date;
}

/**
 * Notifications and their deliveries (issue 28). Times come from the database's clock: the
 * retry delays and leases are real time, and every replica compares against the same clock.
 */
export const notificationRepository = {
  /** The notification, once per (event, subject): its id, or null when it was already kept. */
  async insertOnce(tx: Tx, n: NotificationRequested): Promise<bigint | null> {
    const [row] = await tx.$queryRaw<{ id: bigint }[]>`
      INSERT INTO notifications
             (event, subject, severity, title, message, facts, ui_page, occurred_at)
      VALUES (${n.event}, ${n.subject}, ${n.severity}, ${n.title}, ${n.message},
              ${JSON.stringify(n.facts)}::jsonb, ${n.ui_page}, ${new Date(n.occurred_at)})
      ON CONFLICT (event, subject) DO NOTHING
      RETURNING id`;
    return row?.id ?? null;
  },

  /** One delivery per channel, due now. */
  async insertDeliveries(
    tx: Tx,
    notificationId: bigint,
    channels: readonly { id: string; name: string }[],
  ): Promise<number> {
    const { count } = await tx.notificationDelivery.createMany({
      data: channels.map((channel) => ({
        notificationId,
        channelId: channel.id,
        channelName: channel.name,
        nextAttemptAt: new Date(),
      })),
      skipDuplicates: true,
    });
    return count;
  },

  /**
   * Up to `take` due deliveries, each leased for `leaseMs` so that no other loop (this
   * replica's next pass, another replica) takes it while its attempt runs. A lease outlives
   * the attempt's own deadline; one left by a process that died expires and the row is due
   * again. SKIP LOCKED: replicas claiming at once split the rows instead of waiting.
   */
  async claimDue(db: DbClient, take: number, leaseMs: number): Promise<ClaimedNotification[]> {
    const rows = await db.$queryRaw<ClaimRow[]>`
      WITH due AS (
        SELECT id FROM notification_deliveries
         WHERE status = 'pending' AND next_attempt_at <= now()
           AND (lease_expires_at IS NULL OR lease_expires_at <= now())
         ORDER BY next_attempt_at, id
         LIMIT ${take}
         FOR UPDATE SKIP LOCKED)
      UPDATE notification_deliveries AS d
         SET lease_expires_at = now() + ${leaseMs}::float8 * interval '1 millisecond'
        FROM due, notifications AS n
       WHERE d.id = due.id AND n.id = d.notification_id
      RETURNING d.id, d.channel_id, d.attempts, n.event, n.subject, n.severity, n.title,
                n.message, n.facts, n.ui_page, n.occurred_at`;
    return rows.map((row) => ({
      id: row.id,
      channelId: row.channel_id,
      attempts: row.attempts,
      notification: {
        event: row.event,
        subject: row.subject,
        severity: row.severity,
        title: row.title,
        message: row.message,
        facts: row.facts,
        ui_page: row.ui_page,
        occurred_at: row.occurred_at.toISOString(),
      },
    }));
  },

  /**
   * The attempt's outcome, and the lease let go. Only while the row is still the one claimed
   * (pending, `attempts` unchanged): a late recorder never overwrites a newer attempt.
   */
  async record(db: DbClient, id: bigint, attemptsBefore: number, record: AttemptRecord) {
    await db.$executeRaw`
      UPDATE notification_deliveries
         SET status = ${record.status},
             attempts = attempts + 1,
             next_attempt_at = CASE WHEN ${record.retryInMs}::bigint IS NULL THEN NULL
                                    ELSE now() + ${record.retryInMs}::float8 * interval '1 millisecond' END,
             lease_expires_at = NULL,
             last_status_code = ${record.statusCode},
             last_error = ${record.error},
             delivered_at = CASE WHEN ${record.status} = 'delivered' THEN now() END,
             updated_at = now()
       WHERE id = ${id} AND status = 'pending' AND attempts = ${attemptsBefore}`;
  },

  /** A delivery whose channel is gone or disabled: no attempt, nothing to retry. */
  async cancel(db: DbClient, id: bigint, reason: string) {
    await db.$executeRaw`
      UPDATE notification_deliveries
         SET status = 'canceled', next_attempt_at = NULL, lease_expires_at = NULL,
             last_error = ${reason}, updated_at = now()
       WHERE id = ${id} AND status = 'pending'`;
  },

  /** Milliseconds until the next pending delivery is due (0: now), or null when none waits. */
  async nextDueInMs(db: DbClient): Promise<number | null> {
    const [row] = await db.$queryRaw<{ ms: number | null }[]>`
      SELECT (EXTRACT(EPOCH FROM (MIN(GREATEST(next_attempt_at,
                                               COALESCE(lease_expires_at, next_attempt_at)))
                                  - now())) * 1000)::float8 AS ms
        FROM notification_deliveries
       WHERE status = 'pending'`;
    const ms = row?.ms;
    return ms === null || ms === undefined ? null : Math.max(0, Math.ceil(ms));
  },
};
