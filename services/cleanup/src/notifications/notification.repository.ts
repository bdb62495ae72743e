import type { Tx } from '../db';

/**
 * Claims the one notification of an event and subject (docs/decisions/026): true the first
 * time, false for a repeat (a redelivered message, a refreshed alert), which sends nothing.
 * Two transactions claiming the same one wait on the key; the one that commits first wins.
 */
export async function claimNotification(
  tx: Tx,
  which: { event: string; subject: string },
  now: Date,
): Promise<boolean> {
  const claimed = await tx.$executeRaw`
    INSERT INTO notifications_requested (event, subject, requested_at)
    VALUES (${which.event}, ${which.subject}, ${now})
    ON CONFLICT (event, subject) DO NOTHING`;
  return claimed > 0;
}

/** Housekeeping (domain.md 9): claims older than 90 days go; nothing repeats that late. */
export async function purgeOldNotifications(tx: Tx, now: Date): Promise<number> {
  return tx.$executeRaw`
    DELETE FROM notifications_requested
     WHERE requested_at < ${now}::timestamptz - interval '90 days'`;
}
