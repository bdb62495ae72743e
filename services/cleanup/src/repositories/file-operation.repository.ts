import { sql, type Sql } from '@mcs/kit';
import type { Target } from '../domain/target';
import type { Tx } from '../db';
import { columnsOf, covers, overlaps, valuesOf } from './target.sql';

/** Queued, running or verifying: the states in which an operation blocks (domain.md 6.3). */
const PENDING = sql`o.status IN ('queued', 'running', 'verifying')`;

async function anyPending(tx: Tx, condition: Sql): Promise<boolean> {
  const rows = await tx.$queryRaw<unknown[]>`
    SELECT 1 FROM file_operations o WHERE ${PENDING} AND ${condition} LIMIT 1`;
  return rows.length > 0;
}

/**
 * A pending operation blocks a candidate action when it touches the same movie (any of its
 * versions: a movie-level delete may take them all), or overlaps a series-family target: the
 * same series, a season or episode inside the target, or the series or season containing it.
 */
export function operationPendingForCandidate(tx: Tx, target: Target): Promise<boolean> {
  const op = columnsOf('o');
  const t = valuesOf(target);
  return anyPending(
    tx,
    target.mediaType === 'movie'
      ? sql`o.media_type = 'movie' AND o.media_id = ${target.mediaId}::bigint`
      : overlaps(op, t),
  );
}

/** A new protection is refused while media inside its target (itself included) is pending. */
export function operationPendingInside(tx: Tx, target: Target): Promise<boolean> {
  return anyPending(tx, covers(valuesOf(target), columnsOf('o')));
}
