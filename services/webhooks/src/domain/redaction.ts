/**
 * The `error` stored for an attempt (events-webhooks.md §4.5). Receivers often echo what they
 * got (headers, the URL, our body) or their own credentials in error pages, and the excerpt is
 * shown to administrators and kept for the retention period, so it is redacted before storing:
 * the whole body read (≤ 64 KiB) is redacted first and only then cut, so a secret straddling
 * the cut cannot survive in part.
 */
import type { AttemptResult } from './attempt-result';
import { percentEncode } from './template';

export const MAX_ERROR_CHARS = 600;
const REDACTED = '<redacted>';
const PATH = '<path>';

const SENSITIVE_WORDS =
  'token|secret|password|passwd|authorization|api[-_]?key|signature|cookie|session';
const SENSITIVE_KEY = new RegExp(SENSITIVE_WORDS, 'i');
/** `name=value`, `name: value`, quoted or not, including JSON cut short at 64 KiB. */
const SENSITIVE_PAIR = new RegExp(
  `(["']?)([\\w.-]*(?:${SENSITIVE_WORDS})[\\w.-]*)\\1(\\s*)([:=])(\\s*)("(?:[^"\\\\]|\\\\.)*"?|'[^']*'?|[^\\r\\n,;&}]*)`,
  'gi',
);
/** Unicode category Cc: C0 controls, DEL and C1 controls. */
const CONTROL = /\p{Cc}/gu;

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

/** Every redaction rule of §4.5 except the length cut. */
export function redact(text: string, known: KnownValues): string {
  let out = redactJson(text) ?? text;
  out = out.replace(
    SENSITIVE_PAIR,
    (
      _match,
      quote: string,
      key: string,
      before: string,
      separator: string,
      after: string,
      value: string,
    ) => `${quote}${key}${quote}${before}${separator}${after}${redactValue(value, separator)}`,
  );
  for (const secret of spellings(known.secrets, secretForms))
    out = out.split(secret).join(REDACTED);
  for (const path of spellings(known.paths, pathForms)) out = out.split(path).join(PATH);
  return out;
}

/** Control characters become spaces; at most 600 characters (code points, never half a pair). */
function finish(text: string): string {
  return Array.from(text.replace(CONTROL, ' ')).slice(0, MAX_ERROR_CHARS).join('');
}

function redactJson(text: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  return typeof parsed === 'object' && parsed !== null ? JSON.stringify(redactKeys(parsed)) : null;
}

function redactKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactKeys);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      SENSITIVE_KEY.test(key) ? REDACTED : redactKeys(inner),
    ]),
  );
}

function redactValue(value: string, separator: string): string {
  if (value.startsWith('"')) return `"${REDACTED}"`;
  if (value.startsWith("'")) return `'${REDACTED}'`;
  if (value.trim() === '') return value;
  // `a=b c=d`: the value ends at white space; `Name: Bearer abc` runs to the end of the line.
  if (separator === '=') return value.replace(/^\S+/, REDACTED);
  return REDACTED;
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
