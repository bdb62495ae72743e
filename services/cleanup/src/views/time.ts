/** Output timestamps: UTC, millisecond precision, `Z` (external-api.md 1.6). */
export const iso = (date: Date): string => date.toISOString();

export const isoOrNull = (date: Date | null): string | null => (date ? date.toISOString() : null);
