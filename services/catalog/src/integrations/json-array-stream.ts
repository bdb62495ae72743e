/**
 * Splits a streamed top-level JSON array into its elements without holding the whole document.
 * Radarr `/movie` and Sonarr `/series` answer with one array (no paging) that reaches hundreds
 * of megabytes for large libraries; parsing it whole would break the catalog's memory budget.
 * Each element is handed to JSON.parse on its own, so elements are validated normally.
 */
export class MalformedJson extends Error {
  constructor(detail: string) {
    super(detail);
    this.name = 'MalformedJson';
  }
}

const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const COMMA = 0x2c;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

function parseElement(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new MalformedJson('an element of the list is not valid JSON');
  }
}

export async function* jsonArrayElements(
  chunks: AsyncIterable<Buffer> | Iterable<Buffer>,
): AsyncGenerator<unknown> {
  const decoder = new TextDecoder('utf-8');
  let phase: 'before' | 'inside' | 'after' = 'before';
  let depth = 0; // nesting inside the current element
  let inString = false;
  let escaped = false;
  let pending = ''; // text of the current element carried over from earlier chunks
  let count = 0; // elements seen
  let open = false; // the current element has begun (it may continue in the next chunk)

  for await (const chunk of chunks) {
    const text = decoder.decode(chunk, { stream: true });
    let start = open ? 0 : -1;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (phase === 'before') {
        if (isSpace(code)) continue;
        if (code !== OPEN_BRACKET) throw new MalformedJson('the response is not a JSON list');
        phase = 'inside';
        continue;
      }
      if (phase === 'after') {
        if (!isSpace(code)) throw new MalformedJson('unexpected data after the list');
        continue;
      }
      if (inString) {
        if (escaped) escaped = false;
        else if (code === BACKSLASH) escaped = true;
        else if (code === QUOTE) inString = false;
        continue;
      }
      if (depth === 0 && (code === COMMA || code === CLOSE_BRACKET)) {
        const element = (pending + (start >= 0 ? text.slice(start, i) : '')).trim();
        pending = '';
        start = -1;
        open = false;
        if (element !== '') {
          count++;
          yield parseElement(element);
        } else if (!(code === CLOSE_BRACKET && count === 0)) {
          // Only `[]` may be empty; `[,1]`, `[1,,2]` and `[1,]` are malformed.
          throw new MalformedJson('empty list element');
        }
        if (code === CLOSE_BRACKET) phase = 'after';
        continue;
      }
      if (start < 0 && !isSpace(code)) {
        start = i;
        open = true;
      }
      if (code === QUOTE) inString = true;
      else if (code === OPEN_BRACE || code === OPEN_BRACKET) depth++;
      else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) depth--;
    }
    if (start >= 0) pending += text.slice(start);
  }
  if (phase !== 'after') throw new MalformedJson('the list ended early (truncated response)');
}
