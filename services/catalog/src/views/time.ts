/** Output timestamps: UTC, millisecond precision, `Z` (external-api.md 1.6). */
export const iso = (date: Date): string => date.toISOString();

export const isoOrNull = (date: Date | null | undefined): string | null =>
  date ? date.toISOString() : null;

/** `YYYY-MM-DD` of a DATE column (read as midnight UTC). */
export const dateOnly = (date: Date | null | undefined): string | null =>
  date ? date.toISOString().slice(0, 10) : null;
