/** The time source of every time-based rule ("now" in domain.md); tests inject their own. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/**
 * Input timestamps (external-api.md 1.6): RFC 3339 with `Z` or a numeric offset; without an
 * offset the value is UTC. A date alone, or a date that does not exist (2026-02-30, which Date
 * would silently roll into March), is refused: undefined.
 */
const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):([0-5]\d):([0-5]\d)(\.\d{1,9})?(Z|z|[+-](?:[01]\d|2[0-3]):[0-5]\d)?$/;

export function parseTimestamp(value: string): Date | undefined {
  const match = TIMESTAMP.exec(value);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const calendar = new Date(Date.UTC(year, month - 1, day));
  if (calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day) return undefined;
  const date = new Date(match[8] ? value.toUpperCase() : `${value}Z`);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** Output timestamps: UTC, millisecond precision, `Z` (external-api.md 1.6). */
export const iso = (date: Date): string => date.toISOString();

export const isoOrNull = (date: Date | null | undefined): string | null =>
  date ? date.toISOString() : null;

/** `YYYY-MM-DD` of a DATE column (read as midnight UTC). */
export const dateOnly = (date: Date | null | undefined): string | null =>
  date ? date.toISOString().slice(0, 10) : null;
