import { raw } from '@mcs/kit';
/**
 * Bulk writes of the sync: rows travel as one JSON parameter and are expanded with
 * jsonb_to_recordset, which keeps array columns (genres, episode ids) intact and needs one
 * round trip per batch whatever its size.
 */
import type { Tx } from '../db';

export type Row = Record<string, unknown>;

/** Column name → SQL type, in the order of the table's insert. */
export type Columns = Record<string, string>;

function recordset(columns: Columns): string {
  return Object.entries(columns)
    .map(([name, type]) => `${name} ${type}`)
    .join(', ');
}

export async function insertRows(tx: Tx, table: string, columns: Columns, rows: Row[]) {
  if (rows.length === 0) return;
  const names = Object.keys(columns).join(', ');
  await tx.$executeRaw`INSERT INTO ${raw(table)} (${raw(names)}, created_at, updated_at)
    SELECT ${raw(names)}, now(), now()
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(${raw(recordset(columns))})`;
}

/** Updates the given columns of rows by id and moves their updated_at. */
export async function updateRows(tx: Tx, table: string, columns: Columns, rows: Row[]) {
  if (rows.length === 0) return;
  const set = Object.keys(columns)
    .filter((name) => name !== 'id')
    .map((name) => `${name} = x.${name}`)
    .join(', ');
  await tx.$executeRaw`UPDATE ${raw(table)} t SET ${raw(set)}, updated_at = now()
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(${raw(recordset(columns))})
     WHERE t.id = x.id`;
}

/** Marks items changed (their facts' as_of moves) when only their children changed. */
export async function touch(tx: Tx, table: 'movies' | 'series', ids: Iterable<number>) {
  const list = [...new Set(ids)];
  if (list.length === 0) return;
  await tx.$executeRaw`UPDATE ${raw(table)} SET updated_at = now() WHERE id = ANY(${list}::bigint[])`;
}

/** Reserves ids from a table's sequence, so related rows can point at rows not yet written. */
export async function allocateIds(tx: Tx, table: string, count: number): Promise<number[]> {
  if (count === 0) return [];
  // Movies and series draw from the shared media id sequence (see the migration).
  const sequence = table === 'movies' || table === 'series' ? 'media_id_seq' : `${table}_id_seq`;
  const rows = await tx.$queryRaw<{ id: bigint }[]>`
    SELECT nextval(${sequence}::regclass) AS id FROM generate_series(1, ${count})`;
  return rows.map((row) => Number(row.id));
}

/** True when any listed field differs (dates by time, arrays element-wise). */
export function differs(stored: Row, next: Row): boolean {
  for (const [key, value] of Object.entries(next)) {
    if (!same(stored[key], value)) return true;
  }
  return false;
}

function same(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date) return timeOf(a) === timeOf(b);
  if (typeof a === 'bigint' || typeof b === 'bigint')
    return a !== null && b !== null && a !== undefined && b !== undefined
      ? Number(a) === Number(b)
      : a === b;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, i) => same(item, b[i]));
  return (a ?? null) === (b ?? null);
}

function timeOf(value: unknown): number | null {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'string') return Date.parse(value);
  return null;
}
