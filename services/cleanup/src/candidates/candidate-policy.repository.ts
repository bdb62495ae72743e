/**
 * A candidate's stored auto-delete policy and timer columns (domain.md 5.1; decision 006), as
 * every query that derives its state reads them.
 */
export interface PolicyRow {
  auto_delete_configured: boolean;
  auto_delete_delay_days: number;
  created_at: Date;
  auto_delete_timer_started_at: Date | null;
  auto_delete_postponed_until: Date | null;
  auto_delete_cancelled_at: Date | null;
}

export const policyOf = (row: PolicyRow) => ({
  configured: row.auto_delete_configured,
  delayDays: row.auto_delete_delay_days,
  createdAt: row.created_at,
  timerStartedAt: row.auto_delete_timer_started_at,
  postponedUntil: row.auto_delete_postponed_until,
  cancelledAt: row.auto_delete_cancelled_at,
});
