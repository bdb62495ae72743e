/** external-api.md §2.8: what the running service offers, sorted. */
const CAPABILITIES = [
  'candidate-lifecycle',
  'durable-webhooks',
  'event-feed',
  'idempotency',
  'media-catalog',
  'protections',
  'rate-limits',
  'signed-webhooks',
  'task-observability',
  'task-triggering',
] as const;

/** `rate-limits` is listed only while the operator keeps the per-token limit on. */
export function capabilities(rateLimited: boolean): string[] {
  return CAPABILITIES.filter((name) => rateLimited || name !== 'rate-limits');
}

/**
 * Which runs count for `last_media_sync_at`: full syncs and full resyncs (the owner's summary
 * names its `kind`); an incremental sync does not make the library fully known.
 */
export const MEDIA_SYNC = {
  taskIds: ['sync_media', 'resync_media'],
  kinds: ['full', 'resync'],
} as const;

export const CANDIDATE_SCAN = { taskIds: ['scan_cleanup_candidates'] } as const;
