import { num, sql, type Sql } from '@mcs/kit';
import type { Actor } from '../domain/actor';
import type { TimerChanges } from '../domain/candidate-lifecycle';
import type { MediaKey, MediaType, Target } from '../domain/target';
import type { DbClient, Tx } from '../db';

/**
 * Locks a candidate row for an action, so actions on one candidate are serialised (and never
 * interleave with a scan or a deletion run, which take the same rows). False if it is gone.
 */
export async function lockCandidate(tx: Tx, id: number): Promise<boolean> {
  const rows = await tx.$queryRaw<
    unknown[]
  >`SELECT 1 FROM candidates WHERE id = ${id}::bigint FOR UPDATE`;
  return rows.length > 0;
}

/** Writes an action's timer changes and its lifecycle fields (domain.md 5.3). */
export async function applyLifecycle(
  tx: Tx,
  id: number,
  changes: TimerChanges,
  lifecycle: { reason: string | null; actor: Actor; at: Date },
): Promise<void> {
  await tx.candidate.update({
    where: { id: BigInt(id) },
    data: {
      ...('cancelledAt' in changes && { autoDeleteCancelledAt: changes.cancelledAt }),
      ...('postponedUntil' in changes && { autoDeletePostponedUntil: changes.postponedUntil }),
      ...('timerStartedAt' in changes && { autoDeleteTimerStartedAt: changes.timerStartedAt }),
      lifecycleReason: lifecycle.reason,
      lifecycleUpdatedAt: lifecycle.at,
      lifecycleActorType: lifecycle.actor.type,
      lifecycleActorId: lifecycle.actor.id === null ? null : BigInt(lifecycle.actor.id),
      updatedAt: lifecycle.at,
    },
  });
}

/** Deletes candidates (no lifecycle event, domain.md 4.1) and names the media they belonged to. */
async function remove(db: DbClient, where: Sql): Promise<MediaKey[]> {
  const rows = await db.$queryRaw<{ media_type: MediaType; media_id: bigint }[]>`
    DELETE FROM candidates c ${where} RETURNING c.media_type, c.media_id`;
  return rows.map((row) => ({ mediaType: row.media_type, mediaId: num(row.media_id) }));
}

/** A soft-removed movie or series loses every candidate (domain.md 1.10). */
export function removeCandidatesOfMedia(db: DbClient, key: MediaKey): Promise<MediaKey[]> {
  return remove(
    db,
    sql`WHERE c.media_type = ${key.mediaType} AND c.media_id = ${key.mediaId}::bigint`,
  );
}

/** A version that left the library loses its candidate. */
export function removeCandidatesOfVersion(db: DbClient, versionId: number): Promise<MediaKey[]> {
  return remove(db, sql`WHERE c.scope = 'version' AND c.movie_version_id = ${versionId}::bigint`);
}

/** Episodes without a file are never candidates (domain.md 1.4). */
export function removeCandidatesOfEpisodesWithoutFile(
  db: DbClient,
  episodeIds: number[],
): Promise<MediaKey[]> {
  return remove(
    db,
    sql`WHERE c.scope = 'episode' AND c.episode_id = ANY(${episodeIds.map(BigInt)}::bigint[])
          AND NOT EXISTS (SELECT 1 FROM episodes e
                           WHERE e.id = c.episode_id AND e.episode_file_id IS NOT NULL)`,
  );
}

/** Candidates by id (a scan's removals). */
export function removeCandidates(db: DbClient, ids: number[]): Promise<MediaKey[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return remove(db, sql`WHERE c.id = ANY(${ids.map(BigInt)}::bigint[])`);
}

/** The scan's "definitely no longer matches": the target's candidate, if any, goes. */
export function removeCandidateOfTarget(db: DbClient, target: Target): Promise<MediaKey[]> {
  const keyId = target.episodeId ?? target.seasonId ?? target.movieVersionId ?? target.mediaId;
  return remove(
    db,
    sql`WHERE c.scope = ${target.scope}
          AND coalesce(c.episode_id, c.season_id, c.movie_version_id, c.media_id) = ${keyId}::bigint`,
  );
}

/** A failed operation counts against its candidate (domain.md 6.4); returns the new count. */
export async function recordOperationFailure(
  tx: Tx,
  id: number,
  reason: string | null,
): Promise<number> {
  const [row] = await tx.$queryRaw<{ failure_count: number }[]>`
    UPDATE candidates SET failure_count = failure_count + 1, last_failure_reason = ${reason}
     WHERE id = ${id}::bigint RETURNING failure_count`;
  return row?.failure_count ?? 0;
}

/** An `unmonitor_only` operation succeeded: the candidate stays, marked done. */
export async function setCompletedAction(tx: Tx, id: number, now: Date): Promise<void> {
  await tx.$executeRaw`
    UPDATE candidates SET completed_action = 'unmonitored_only', completed_at = ${now},
        failure_count = 0, last_failure_reason = NULL, updated_at = ${now}
     WHERE id = ${id}::bigint`;
}

/** The candidate of exactly this target, if any. */
export async function candidateIdOf(db: DbClient, target: Target): Promise<number | null> {
  const keyId = target.episodeId ?? target.seasonId ?? target.movieVersionId ?? target.mediaId;
  const [row] = await db.$queryRaw<{ id: bigint }[]>`
    SELECT c.id FROM candidates c
     WHERE c.scope = ${target.scope}
       AND coalesce(c.episode_id, c.season_id, c.movie_version_id, c.media_id) = ${keyId}::bigint`;
  return row ? num(row.id) : null;
}

/** Every candidate and the space they would free, as a scan's digest reports them. */
export async function candidateTotals(
  db: DbClient,
): Promise<{ candidates: number; reclaimableBytes: number }> {
  const [row] = await db.$queryRaw<{ n: bigint; bytes: bigint | null }[]>`
    SELECT count(*) AS n, sum(estimated_space_bytes)::bigint AS bytes FROM candidates`;
  return { candidates: num(row?.n ?? 0n), reclaimableBytes: num(row?.bytes ?? 0n) };
}
