const DAY_MS = 86_400_000;

/**
 * The oldest `occurred_at` the feed still shows (events-webhooks.md §2.6). The feed and the
 * cursor check apply it whether or not prune_event_feed has run yet, so what a client sees never
 * depends on when housekeeping last ran.
 */
export function retentionCutoff(now: Date, retentionDays: number): Date {
  return new Date(now.getTime() - retentionDays * DAY_MS);
}
