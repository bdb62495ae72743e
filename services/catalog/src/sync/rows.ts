/** The sync's rows as plain objects, and the test that says whether a stored one changed. */
export type Row = Record<string, unknown>;

/** Column name → SQL type, in the order of the table's insert. */
export type Columns = Record<string, string>;

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
