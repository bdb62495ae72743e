/**
 * The `error` stored for an attempt (events-webhooks.md §4.5). Receivers often echo what they
 * got (headers, the URL, our body) or their own credentials in error pages, and the excerpt is
 * shown to administrators and kept for the retention period, so it is redacted before storing.
 *
 * The text is receiver text, so every rule here is a linear scan, and the text rules see only
 * a window of its start (decision 019): what one failed attempt costs does not depend on what a
 * receiver sends. A secret straddling a cut must not survive in part, so the window is redacted
 * before the 600-character cut, and a known value that the window's end cuts short is redacted
 * as well.
 */
import type { AttemptResult } from './attempt-result';
import { isSensitiveName, REDACTED, redactPairs } from './sensitive-pairs';
import { percentEncode } from './template';

export const MAX_ERROR_CHARS = 600;
/**
 * The text rules see this many characters. Text shrinks only where a value is replaced by its
 * marker, so the 600 kept characters come whole from the window unless the values redacted in
 * it were about 3 500 characters longer than their markers, far more than an error page's few
 * tokens (the excerpt is then only shorter). Small enough that replacing every spelling of
 * every known value costs little.
 */
const WINDOW = 4096;
/** Deeper than any error document; far below what would exhaust the stack. */
const MAX_JSON_DEPTH = 64;
const PATH = '<path>';

export interface KnownValues {
  /** Basic-auth password, custom header values, current and previous signing secrets. */
  secrets: readonly string[];
  /** Path values rendered into this request (§3.3). */
  paths: readonly string[];
}

/** The attempt's error text, redacted and ≤ 600 characters; null when delivered. */
export function attemptError(result: AttemptResult, known: KnownValues): string | null {
  // Our own fixed descriptions hold no receiver text and no secret.
  if (result.error) return finish(result.error.message);
  const status = result.statusCode ?? 0;
  if (status >= 200 && status < 300) return null;
  if (status >= 300 && status < 400) return `HTTP ${status}: redirects are not followed`;
  const excerpt = finish(redact(result.bodyExcerpt, known));
  return finish(excerpt.trim() ? `HTTP ${status}: ${excerpt}` : `HTTP ${status}`);
}

/**
 * Every redaction rule of §4.5 except the 600-character cut, on the window. JSON keys are
 * judged on the whole body (JSON.parse is a linear parser), so a long document is redacted at
 * any depth before it is cut.
 */
export function redact(text: string, known: KnownValues): string {
  const whole = redactJson(text) ?? text;
  const start = windowOf(whole);
  const cut = start.length < whole.length;
  const out = replaceKnown(
    redactPairs(start),
    spellings(known.secrets, secretForms),
    REDACTED,
    cut,
  );
  return replaceKnown(out, spellings(known.paths, pathForms), PATH, cut);
}

/** Control characters (Unicode Cc) become spaces; at most 600 code points, never half a pair. */
function finish(text: string): string {
  let out = '';
  let count = 0;
  for (const char of text) {
    if (count === MAX_ERROR_CHARS) break;
    const code = char.charCodeAt(0);
    out += code < 0x20 || (code >= 0x7f && code <= 0x9f) ? ' ' : char;
    count += 1;
  }
  return out;
}

function windowOf(text: string): string {
  if (text.length <= WINDOW) return text;
  const high = text.charCodeAt(WINDOW - 1);
  return text.slice(0, high >= 0xd800 && high <= 0xdbff ? WINDOW - 1 : WINDOW);
}

function redactJson(text: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  try {
    return JSON.stringify(redactKeys(parsed, 0));
  } catch (error) {
    // Too deep to walk: the text rules handle it as text.
    if (error instanceof TooDeep) return null;
    throw error;
  }
}

class TooDeep extends Error {}

function redactKeys(value: unknown, depth: number): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (depth === MAX_JSON_DEPTH) throw new TooDeep();
  if (Array.isArray(value)) return value.map((inner) => redactKeys(inner, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      isSensitiveName(key) ? REDACTED : redactKeys(inner, depth + 1),
    ]),
  );
}

/**
 * Every occurrence of `values` becomes `marker`; when the window cut the text, so does a start
 * of one of them left at its end.
 */
function replaceKnown(text: string, values: string[], marker: string, cut: boolean): string {
  let out = text;
  for (const value of values) out = out.split(value).join(marker);
  if (!cut) return out;
  const left = Math.max(0, ...values.map((value) => overhang(out, value)));
  return left === 0 ? out : out.slice(0, out.length - left) + marker;
}

/**
 * How many characters at the end of `text` begin `value` (fewer than all of it): the
 * Knuth–Morris–Pratt automaton of `value` run over the last `value.length - 1` characters of
 * `text`, linear in both.
 */
function overhang(text: string, value: string): number {
  const border = borders(value);
  let matched = 0;
  for (let index = Math.max(0, text.length - value.length + 1); index < text.length; index += 1) {
    while (matched > 0 && text[index] !== value[matched]) matched = border[matched - 1] ?? 0;
    if (text[index] === value[matched]) matched += 1;
  }
  return matched;
}

/** For each prefix of `value`, the length of its longest proper prefix that is also its end. */
function borders(value: string): number[] {
  const border = [0];
  let length = 0;
  for (let index = 1; index < value.length; index += 1) {
    while (length > 0 && value[index] !== value[length]) length = border[length - 1] ?? 0;
    if (value[index] === value[length]) length += 1;
    border.push(length);
  }
  return border;
}

/** Each value as it may appear in a body: raw, JSON-escaped, percent-encoded. Longest first. */
function spellings(values: readonly string[], forms: (value: string) => string[]): string[] {
  const all = new Set(values.filter((value) => value !== '').flatMap(forms));
  all.delete('');
  return [...all].sort((a, b) => b.length - a.length);
}

function secretForms(secret: string): string[] {
  // A receiver may echo the HMAC key part of `whsec_…` alone.
  const key = secret.startsWith('whsec_') ? [secret.slice(6)] : [];
  return [secret, jsonEscaped(secret), percentEncode(secret, false), ...key];
}

function pathForms(path: string): string[] {
  return [path, jsonEscaped(path), percentEncode(path, false), percentEncode(path, true)];
}

const jsonEscaped = (value: string): string => JSON.stringify(value).slice(1, -1);
