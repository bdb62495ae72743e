// Dates in the browser's time zone, sizes in binary units, numbers with the locale's separators.
//
// Every Intl formatter is made on first use and kept: a screen's chunk imports this module before
// it renders, and the first date formatter a page makes loads the locale's calendar and time
// zone data (50–90 ms in a fresh Chromium tab, bench/web/RESULTS.md), so a module that made four
// at load paid it even on screens that format no date. `toLocaleString` with options builds a
// new NumberFormat on every call; a size column of 250 rows did that 250 times.

/** A value made by `make` the first time it is asked for, then the same one. */
function once<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'];

// Bytes: no decimals; otherwise one (two below 10, so "1.25 GiB" keeps its meaning).
const sizeFormat = (digits: number) =>
  once(
    () =>
      new Intl.NumberFormat(undefined, {
        maximumFractionDigits: digits,
        minimumFractionDigits: Math.min(digits, 1),
      }),
  );
const wholeBytes = sizeFormat(0);
const oneDecimal = sizeFormat(1);
const twoDecimals = sizeFormat(2);

export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return '—';
  let value = bytes;
  let unit = 0;
  while (Math.abs(value) >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const format = unit === 0 ? wholeBytes : value < 10 ? twoDecimals : oneDecimal;
  return `${format().format(value)} ${UNITS[unit]}`;
}

const numbers = once(() => new Intl.NumberFormat());

export function formatNumber(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : numbers().format(value);
}

const full = once(
  () => new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'long' }),
);
const short = once(
  () => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
);
const dateOnly = once(() => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }));

export function formatDateTime(iso: string | null | undefined): string {
  return iso ? short().format(new Date(iso)) : '—';
}

export function formatDate(iso: string | null | undefined): string {
  return iso ? dateOnly().format(new Date(iso)) : '—';
}

export function formatFullDateTime(iso: string): string {
  return full().format(new Date(iso));
}

const relative = once(() => new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' }));
const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** "in 5 days", "3 hours ago" relative to `now`. */
export function formatRelative(iso: string, now: number = Date.now()): string {
  const seconds = (new Date(iso).getTime() - now) / 1000;
  for (const [unit, size] of STEPS) {
    if (Math.abs(seconds) >= size || unit === 'second')
      return relative().format(Math.round(seconds / size), unit);
  }
  return relative().format(0, 'second');
}
