/**
 * Splits a streamed top-level JSON array into its elements without holding the whole document.
 * Radarr `/movie` and Sonarr `/series` answer with one array (no paging) that reaches hundreds
 * of megabytes for large libraries; parsing it whole would break the catalog's memory budget.
 * Each element is handed to JSON.parse on its own, so elements are validated normally.
 *
 * The scanner only tracks nesting depth and strings. Most of a list's bytes are inside strings,
 * so those are skipped with native `indexOf` rather than character by character (the list of an
 * incremental sync is re-read every run, and scanning it dominated the run's CPU).
 *
 * An element longer than the caller's cap fails with LimitExceeded as soon as the text held
 * for it passes the cap, so one endless element never grows past it.
 */
import { LimitExceeded } from './limits';

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

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

export function parseElement(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new MalformedJson('an element of the list is not valid JSON');
  }
}

/** Scanner state carried from one chunk to the next. */
interface State {
  phase: 'before' | 'inside' | 'after';
  /** Nesting inside the current element. */
  depth: number;
  inString: boolean;
  /** The chunk ended on a backslash inside a string: the next character is escaped. */
  escaped: boolean;
  /** Text of the current element carried over from earlier chunks. */
  pending: string;
  /** The current element has begun (it may continue in the next chunk). */
  open: boolean;
  /** Elements seen. */
  count: number;
  /** The cap on one element's text, in characters (about bytes for JSON's mostly-ASCII). */
  maxElement: number;
}

/**
 * The elements' exact texts, in the batches the chunks complete, unparsed: a caller can
 * recognise an element it already holds by its text and skip parsing it. Parse the others
 * with parseElement.
 */
export async function* jsonArrayTexts(
  chunks: AsyncIterable<Buffer> | Iterable<Buffer>,
  maxElement = Infinity,
): AsyncGenerator<string[]> {
  const decoder = new TextDecoder('utf-8');
  const state: State = {
    phase: 'before',
    depth: 0,
    inString: false,
    escaped: false,
    pending: '',
    open: false,
    count: 0,
    maxElement,
  };
  for await (const chunk of chunks) {
    const elements = scan(decoder.decode(chunk, { stream: true }), state);
    if (elements.length > 0) yield elements;
  }
  if (state.phase !== 'after') throw new MalformedJson('the list ended early (truncated response)');
}

/** One parsed element at a time (tests and small lists). */
export async function* jsonArrayElements(
  chunks: AsyncIterable<Buffer> | Iterable<Buffer>,
): AsyncGenerator<unknown> {
  for await (const texts of jsonArrayTexts(chunks)) yield* texts.map(parseElement);
}

function scan(text: string, state: State): string[] {
  const out: string[] = [];
  let start = state.open ? 0 : -1;
  let i = 0;
  // Where the next backslash is (-1: none left in this chunk), found lazily so that a chunk
  // without escapes is searched once, not once per string.
  let backslash = -2;
  while (i < text.length) {
    if (state.inString) {
      if (state.escaped) {
        state.escaped = false;
        i++;
        continue;
      }
      const quote = text.indexOf('"', i);
      if (backslash !== -1 && backslash < i) backslash = text.indexOf('\\', i);
      if (backslash !== -1 && (quote === -1 || backslash < quote)) {
        state.escaped = true;
        i = backslash + 1;
      } else if (quote !== -1) {
        state.inString = false;
        i = quote + 1;
      } else i = text.length;
      continue;
    }
    const code = text.charCodeAt(i);
    if (state.phase !== 'inside') {
      if (!isSpace(code)) {
        if (state.phase === 'after') throw new MalformedJson('unexpected data after the list');
        if (code !== OPEN_BRACKET) throw new MalformedJson('the response is not a JSON list');
        state.phase = 'inside';
      }
      i++;
      continue;
    }
    if (state.depth === 0 && (code === COMMA || code === CLOSE_BRACKET)) {
      const element = (state.pending + (start >= 0 ? text.slice(start, i) : '')).trim();
      state.pending = '';
      state.open = false;
      start = -1;
      if (element.length > state.maxElement)
        throw new LimitExceeded('elementBytes', state.maxElement);
      if (element !== '') {
        state.count++;
        out.push(element);
      } else if (!(code === CLOSE_BRACKET && state.count === 0)) {
        // Only `[]` may be empty; `[,1]`, `[1,,2]` and `[1,]` are malformed.
        throw new MalformedJson('empty list element');
      }
      if (code === CLOSE_BRACKET) state.phase = 'after';
      i++;
      continue;
    }
    if (start < 0 && !isSpace(code)) {
      start = i;
      state.open = true;
    }
    if (code === QUOTE) state.inString = true;
    else if (code === OPEN_BRACE || code === OPEN_BRACKET) state.depth++;
    else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) state.depth--;
    i++;
  }
  if (start >= 0) state.pending += text.slice(start);
  if (state.pending.length > state.maxElement)
    throw new LimitExceeded('elementBytes', state.maxElement);
  return out;
}
