/**
 * Text for notifications (docs/decisions/026): what goes to a chat channel or a mail must fit
 * the contract's limits, because an invalid `notification.requested` would fail the transaction
 * of the change that caused it. Every helper here is a single linear scan (decision 019): the
 * text comes from users (reasons), media servers (titles) and other services (errors).
 */

const ELLIPSIS = '…';

/** True for the high half of a UTF-16 surrogate pair: cutting after it leaves half a character. */
const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/**
 * Control characters (line breaks included) become spaces, runs of white space one space, and
 * the ends are trimmed: a title or fact is one line wherever a channel shows it.
 */
export function oneLine(text: string): string {
  let out = '';
  let space = false;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    const blank = code <= 0x20 || (code >= 0x7f && code <= 0x9f) || char.trim() === '';
    if (blank) space = out.length > 0;
    else {
      if (space) out += ' ';
      out += char;
      space = false;
    }
  }
  return out;
}

/**
 * At most `max` UTF-16 code units (the contract counts code points, never more), ending in "…"
 * when cut, and never half of a surrogate pair.
 */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - ELLIPSIS.length;
  if (end > 0 && isHighSurrogate(text.charCodeAt(end - 1))) end -= 1;
  return `${text.slice(0, Math.max(end, 0))}${ELLIPSIS}`;
}

/** One line of at most `max` characters, or `fallback` when nothing printable is left. */
export function line(text: string | null | undefined, max: number, fallback: string): string {
  const cleaned = oneLine(withoutPaths(text ?? ''));
  return clip(cleaned === '' ? fallback : cleaned, max);
}

/**
 * Notifications carry no filesystem paths and no URLs (which may hold credentials): a word
 * that is one becomes a marker. Other services promise the same of their text (task errors,
 * alerts); this keeps a slip there out of a chat channel.
 */
export function withoutPaths(text: string): string {
  let out = '';
  let word = '';
  const flush = () => {
    out += markerFor(word);
    word = '';
  };
  for (const char of text) {
    if (char.trim() === '') {
      flush();
      out += char;
    } else word += char;
  }
  flush();
  return out;
}

function markerFor(word: string): string {
  if (word.includes('://')) return '[link]';
  const start = word.replace(/^["'(<[]+/, '');
  const unixLike = start.startsWith('/') || start.startsWith('~/');
  const windowsLike = /^[A-Za-z]:[\\/]/.test(start) || start.startsWith('\\\\');
  if ((unixLike || windowsLike) && separators(start) >= 2) return '[path]';
  return word;
}

const separators = (word: string) => {
  let n = 0;
  for (const char of word) if (char === '/' || char === '\\') n += 1;
  return n;
};

const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB', 'EiB'];

/** A size in binary units with one decimal ("12.4 GiB"); whole bytes below 1 KiB. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024) return `${Math.max(0, Math.round(bytes || 0))} B`;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  // 1023.96 KiB would print as "1024.0 KiB": show the next unit instead.
  if (Number(value.toFixed(1)) >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${UNITS[unit]}`;
}

/** "1 candidate", "3 candidates". */
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
