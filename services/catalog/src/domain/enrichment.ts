/**
 * The decisions of metadata enrichment (domain.md 2.9, 2.13). Pure.
 */
const DAY_MS = 86_400_000;

/** §2.9.1: an item's metadata is refreshed when it was never fetched or is 30 days old. */
export const TMDB_REFRESH_AFTER_MS = 30 * DAY_MS;
/** §2.9.1: at most this many items per sync run, oldest first. */
export const TMDB_ITEMS_PER_RUN = 2000;

/**
 * The TMDB source after a pass: unavailable with the reason of the failure that stopped it, or
 * of the item failures when nothing succeeded; otherwise ok (skipped items wait for the next run).
 */
export function tmdbSourceState(pass: {
  refreshed: number;
  stoppedBy: string | null;
  firstItemFailure: string | null;
}): { state: 'ok' } | { state: 'unavailable'; reason: string } {
  if (pass.stoppedBy !== null) return { state: 'unavailable', reason: pass.stoppedBy };
  if (pass.refreshed === 0 && pass.firstItemFailure !== null)
    return { state: 'unavailable', reason: pass.firstItemFailure };
  return { state: 'ok' };
}

/** §2.9.2: the ratings dataset is read at most once per 24 h (since the last complete import). */
export function imdbImportDue(lastSuccessAt: Date | null, now: Date): boolean {
  return lastSuccessAt === null || now.getTime() - lastSuccessAt.getTime() >= DAY_MS;
}
