import type { MediaKey } from '../domain/target';
import type { Tx } from '../db';

/**
 * Transaction-scoped advisory locks. Protections of one root item are created, reused and
 * removed under its lock, so two concurrent requests for one target cannot both find nothing
 * covering it and create two protections.
 */
export async function lockMedia(tx: Tx, key: MediaKey): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(
    hashtextextended(${`cleanup:media:${key.mediaType}:${key.mediaId}`}, 0))`;
}

/**
 * The candidate workflow lock (domain.md 4): scans and the deletion run take it exclusively;
 * candidate actions take it shared, so they run concurrently with each other (serialised per
 * candidate by the row lock) but never in the middle of a scan or a deletion run.
 */
export async function lockCandidateWorkflow(tx: Tx, mode: 'shared' | 'exclusive'): Promise<void> {
  if (mode === 'shared')
    await tx.$executeRaw`SELECT pg_advisory_xact_lock_shared(hashtextextended('cleanup:candidate-workflow', 0))`;
  else
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended('cleanup:candidate-workflow', 0))`;
}
