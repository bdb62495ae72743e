import { num, raw } from '@mcs/kit';
import type { Target } from '../domain/target';
import type { Tx } from '../db';
import type { RequestKind } from '../requests/request.repository';
import { activeAt, columnsOf, overlaps, valuesOf } from '../targets/target.repository';

/** An active protection of any source overlapping `target` (domain.md 5.4), or null. */
export async function protectionOverlapping(tx: Tx, target: Target, now: Date) {
  const [row] = await tx.$queryRaw<{ id: bigint }[]>`
    SELECT p.id FROM protections p
     WHERE ${activeAt('p', now)} AND ${overlaps(columnsOf('p'), valuesOf(target))}
     ORDER BY p.id LIMIT 1`;
  return row ? num(row.id) : null;
}

/** Whether a pending request of any user overlaps `target`. */
export async function requestOverlapping(tx: Tx, kind: RequestKind, target: Target) {
  const table = raw(kind === 'protection' ? 'protection_requests' : 'delete_requests');
  const rows = await tx.$queryRaw<unknown[]>`
    SELECT 1 FROM ${table} q
     WHERE q.status = 'pending' AND ${overlaps(columnsOf('q'), valuesOf(target))} LIMIT 1`;
  return rows.length > 0;
}
