/**
 * The template language of events-webhooks.md §3.3: `{name}` placeholders, `{{` and `}}` for
 * literal braces, nothing else. Templates are split into text and keys once and rendered by
 * lookup only: nothing in a template is ever evaluated, so a template cannot reach code,
 * attributes or indexes (the legacy Python `str.format` could, which is why `{a.b}`, `{a[0]}`,
 * `{a!r}` and `{a:>5}` are refused rather than ignored).
 */
import { sameOrigin } from '@mcs/kit';
import { hasDotSegment } from './dot-segments';
import type { TemplateContext } from './template-context';

export type TemplatePart = { text: string } | { key: string };

export type TemplateTarget = 'url' | 'body';

const KEY = /^[a-z][a-z0-9_]*$/;

export class TemplateSyntaxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TemplateSyntaxError';
  }
}

/** Splits a template; throws TemplateSyntaxError with a field message for anything not allowed. */
export function parseTemplate(source: string): TemplatePart[] {
  const parts: TemplatePart[] = [];
  let text = '';
  let index = 0;
  while (index < source.length) {
    const char = source[index];
    const next = source[index + 1];
    if ((char === '{' || char === '}') && next === char) {
      text += char;
      index += 2;
    } else if (char === '{') {
      const close = source.indexOf('}', index + 1);
      if (close < 0) throw new TemplateSyntaxError(`Unmatched "{" at position ${index + 1}.`);
      const key = source.slice(index + 1, close);
      if (!KEY.test(key))
        throw new TemplateSyntaxError(
          `"{${key}}" is not a placeholder: use {name} with lowercase letters, digits and _, ` +
            'or {{ and }} for literal braces.',
        );
      if (text) parts.push({ text });
      parts.push({ key });
      text = '';
      index = close + 1;
    } else if (char === '}') {
      throw new TemplateSyntaxError(
        `Unmatched "}" at position ${index + 1}; write }} for a brace.`,
      );
    } else {
      text += char;
      index += 1;
    }
  }
  if (text) parts.push({ text });
  return parts;
}

/**
 * Save-time rule for `url_template`: an absolute http(s) URL whose scheme, host and port are
 * written out (no placeholder or brace before the path) and equal to those of `url`, so that no
 * event value can ever choose the host a request goes to, and whose literal path has no dot
 * segments (a rendered one is refused when sending). Null when acceptable.
 */
export function urlTemplateProblem(template: string, url: string): string | null {
  const origin = /^(https?):\/\/([^/?#]*)/i.exec(template);
  if (!origin) return 'Must be an absolute http or https URL.';
  const authority = origin[2] ?? '';
  if (/[{}]/.test(authority))
    return 'The scheme, host and port must be literal (no placeholders before the path).';
  if (authority.includes('@')) return 'Must not contain a user name or password.';
  if (!sameOrigin(origin[0], url)) return 'Must have the same scheme, host and port as url.';
  if (hasDotSegment(template))
    return 'The path must not have "." or ".." segments (percent-encoded or not); pass such values in the query or, for POST, in body_template with {json_…}.';
  return null;
}

/** Renders parsed parts; unknown keys render empty (§3.3). */
export function render(
  parts: readonly TemplatePart[],
  context: TemplateContext,
  target: TemplateTarget,
): string {
  return parts
    .map((part) => ('text' in part ? part.text : lookup(part.key, context, target)))
    .join('');
}

function lookup(key: string, context: TemplateContext, target: TemplateTarget): string {
  let value: string;
  let encoded = false;
  if (context.has(key)) value = textOf(context.get(key));
  else if (key.startsWith('urlencoded_') && context.has(key.slice(11))) {
    value = percentEncode(textOf(context.get(key.slice(11))), false);
    encoded = true;
  } else if (key.startsWith('json_') && context.has(key.slice(5)))
    value = JSON.stringify(context.get(key.slice(5)) ?? null);
  else return '';
  // In a URL every plain value is encoded (keeping `/`) so it cannot add a query or fragment.
  return target === 'url' && !encoded ? percentEncode(value, true) : value;
}

/** §3.3 "Rendering values". */
export function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(textOf).join(',');
  return JSON.stringify(value);
}

const UNRESERVED = /[A-Za-z0-9\-._~]/;

/** Every UTF-8 byte except A–Z a–z 0–9 - . _ ~ (and `/` when kept) as %XX. */
export function percentEncode(value: string, keepSlash: boolean): string {
  let out = '';
  for (const char of value) {
    if (UNRESERVED.test(char) || (keepSlash && char === '/')) out += char;
    else
      for (const byte of Buffer.from(char, 'utf8'))
        out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}
