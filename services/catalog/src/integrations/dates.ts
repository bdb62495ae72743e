/**
 * Sanitising of every timestamp read from an external service (domain.md §2.12). Servers use
 * sentinels for "unknown" (`0001-01-01T00:00:00`, epoch 0, `-999999999-01-01`) and sometimes
 * report clock-skewed or absurd values; all of these become null so no "days since" rule can
 * match on them. Each sanitised value is counted per field for the sync summary.
 */
const DAY_MS = 86_400_000;
const MIN_PLAUSIBLE = Date.UTC(1900, 0, 1);
const MIN_EVENT = Date.UTC(2000, 0, 1);
const CONTENT_HORIZON_MS = 50 * 365.25 * DAY_MS;

/** ISO date-times without a zone are UTC by our wire conventions, not the host's local time. */
const NAIVE_DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/**
 * Parses ISO strings and epoch seconds (Plex, Tautulli). Returns null for unparseable values and
 * sentinels, which are always invalid whatever the field.
 */
export function parseExternalDate(value: unknown): Date | null {
  let ms: number;
  if (typeof value === 'number') {
    ms = value * 1000;
  } else if (typeof value === 'string') {
    const text = value.trim();
    if (/^\d+$/.test(text)) ms = Number(text) * 1000;
    else ms = Date.parse(NAIVE_DATE_TIME.test(text) ? `${text.replace(' ', 'T')}Z` : text);
  } else {
    return null;
  }
  if (!Number.isFinite(ms) || ms === 0 || ms < MIN_PLAUSIBLE) return null;
  return new Date(ms);
}

export class DateSanitiser {
  /** Sanitised (present but invalid) values per field, for the sync summary's `invalid_dates`. */
  readonly invalid = new Map<string, number>();

  constructor(private readonly now: () => Date = () => new Date()) {}

  /** Added, file added, last played, viewed, requested: 2000-01-01 … now + 24 h. */
  event(field: string, value: unknown): Date | null {
    const date = this.read(field, value);
    if (!date) return null;
    const t = date.getTime();
    return t < MIN_EVENT || t > this.now().getTime() + DAY_MS ? this.reject(field) : date;
  }

  /** Release and air dates: anything up to now + 50 years (future air dates are normal). */
  content(field: string, value: unknown): Date | null {
    const date = this.read(field, value);
    if (!date) return null;
    return date.getTime() > this.now().getTime() + CONTENT_HORIZON_MS ? this.reject(field) : date;
  }

  private read(field: string, value: unknown): Date | null {
    if (value === undefined || value === null || value === '') return null;
    return parseExternalDate(value) ?? this.reject(field);
  }

  private reject(field: string): null {
    this.invalid.set(field, (this.invalid.get(field) ?? 0) + 1);
    return null;
  }
}
