/**
 * The `name=value` and `name: value` rule of events-webhooks.md §4.5, for receiver text. It is
 * a scan by hand rather than a regular expression because the text comes from outside: the
 * backtracking pattern it replaced took time cubic in the length of a run like `tokentoken…`.
 * Here each character is read a bounded number of times.
 *
 * What a pair is (the pattern's rules, kept):
 * - the name: a run of `A–Z a–z 0–9 _ . -` holding a sensitive word in any case, optionally
 *   between two equal quotes (`"` or `'`);
 * - optional white space, `:` or `=`, optional white space;
 * - the value: `"…"` with backslash escapes, `'…'`, or text up to CR, LF `,` `;` `&` or `}`;
 *   a closing quote may be missing (JSON cut short). Quoted values and values after `:` are
 *   replaced whole; after `=` the value ends at white space (`a=b c=d`), and the scan goes on
 *   from there, so `token=a password=b` loses both values (the pattern skipped the rest of the
 *   line and kept `b`).
 */

export const REDACTED = '<redacted>';

const SENSITIVE_WORDS = [
  'token',
  'secret',
  'password',
  'passwd',
  'authorization',
  'apikey',
  'api-key',
  'api_key',
  'signature',
  'cookie',
  'session',
];

/** A name holding a sensitive word, ASCII letters in any case. */
export function isSensitiveName(name: string): boolean {
  const lower = asciiLowerCase(name);
  return SENSITIVE_WORDS.some((word) => lower.includes(word));
}

/** `text` with the value of every sensitive pair replaced by `<redacted>`. */
export function redactPairs(text: string): string {
  let out = '';
  let copied = 0;
  let index = 0;
  while (index < text.length) {
    const found = pairAt(text, index);
    if ('replacement' in found) {
      out += text.slice(copied, index) + found.replacement;
      copied = found.end;
    }
    index = found.end;
  }
  return out + text.slice(copied);
}

type Found = { end: number; replacement: string } | { end: number };

/**
 * The pair starting at `start`, or where the next one may start. A name that leads nowhere
 * fails for every later start inside its run too (a shorter name is followed by the same
 * text and holds no more words), so the scan skips the run.
 */
function pairAt(text: string, start: number): Found {
  const char = text[start] ?? '';
  const quote = char === '"' || char === "'" ? char : '';
  const nameStart = start + quote.length;
  const nameEnd = runEnd(text, nameStart);
  if (nameEnd === nameStart) return { end: start + 1 };
  const next = { end: quote ? start + 1 : nameEnd };
  if (!isSensitiveName(text.slice(nameStart, nameEnd))) return next;
  if (quote && text[nameEnd] !== quote) return next;
  const separatorAt = skipSpace(text, nameEnd + quote.length);
  const separator = text[separatorAt];
  if (separator !== ':' && separator !== '=') return next;
  const valueStart = skipSpace(text, separatorAt + 1);
  const { end, redacted } = value(text, valueStart, separator);
  return { end, replacement: text.slice(start, valueStart) + redacted };
}

function value(
  text: string,
  start: number,
  separator: ':' | '=',
): { end: number; redacted: string } {
  const first = text[start];
  if (first === '"') return { end: doubleQuotedEnd(text, start + 1), redacted: `"${REDACTED}"` };
  if (first === "'") {
    const close = text.indexOf("'", start + 1);
    return { end: close < 0 ? text.length : close + 1, redacted: `'${REDACTED}'` };
  }
  let end = start;
  while (end < text.length && !endsValue(text.charCodeAt(end), separator)) end += 1;
  return { end, redacted: end > start ? REDACTED : '' };
}

/** After the opening quote: up to and with the closing one; a backslash escapes one character. */
function doubleQuotedEnd(text: string, from: number): number {
  let index = from;
  while (index < text.length) {
    const char = text[index];
    if (char === '"') return index + 1;
    if (char === '\\') {
      // An escape of a line break, or a backslash at the end, ends the value before it.
      if (index + 1 >= text.length || isLineBreak(text.charCodeAt(index + 1))) return index;
      index += 2;
    } else index += 1;
  }
  return index;
}

function runEnd(text: string, from: number): number {
  let index = from;
  while (index < text.length && isNameChar(text.charCodeAt(index))) index += 1;
  return index;
}

function skipSpace(text: string, from: number): number {
  let index = from;
  while (index < text.length && isSpace(text.charCodeAt(index))) index += 1;
  return index;
}

function endsValue(code: number, separator: ':' | '='): boolean {
  // CR, LF , ; & }
  if (code === 13 || code === 10 || code === 44 || code === 59 || code === 38 || code === 125)
    return true;
  return separator === '=' && isSpace(code);
}

function isNameChar(code: number): boolean {
  return (
    (code >= 48 && code <= 57) || // 0-9
    (code >= 65 && code <= 90) || // A-Z
    (code >= 97 && code <= 122) || // a-z
    code === 95 || // _
    code === 46 || // .
    code === 45 // -
  );
}

/** ECMAScript white space and line terminators: what `\s` and `trim()` match. */
function isSpace(code: number): boolean {
  if (code === 32 || (code >= 9 && code <= 13)) return true;
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** What a regular expression's `.` does not match. */
function isLineBreak(code: number): boolean {
  return code === 10 || code === 13 || code === 0x2028 || code === 0x2029;
}

/** Only A–Z: a Unicode lower-casing would turn e.g. the Kelvin sign into `k`. */
function asciiLowerCase(text: string): string {
  let out = '';
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    out += code >= 65 && code <= 90 ? String.fromCharCode(code + 32) : text[index];
  }
  return out;
}
