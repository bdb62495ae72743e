/**
 * How many instructions re2js would compile a pattern into, read from its text in one pass and
 * without building anything: RE2 unrolls counted repetitions, so `(?:x{500}){500}` is 250 000
 * copies of `x`, and compiling (then matching) a program that size costs in proportion. The
 * count follows RE2's own size estimate (each literal, class, `.` or assertion is one
 * instruction; a capture adds 2, `*` 2, `+` and `?` 1; `{n,m}` repeats its operand m times plus
 * m-n optional branches; `|` adds one per extra branch), plus the 2 every program has. Where
 * the text is ambiguous it counts high, never low, so a pattern under the cap compiles within
 * it; syntax errors are left to re2js, which rejects them before compiling.
 */
export function expandedSize(pattern: string): number {
  const groups: Frame[] = [];
  let frame = newFrame(0);
  let i = 0;
  while (i < pattern.length) {
    const c = pattern[i] as string;
    if (c === '(') {
      const opened = openGroup(pattern, i);
      i = opened.next;
      if (opened.overhead === null) continue; // `(?i)`: flags only, no group
      groups.push(frame);
      frame = newFrame(opened.overhead);
    } else if (c === ')') {
      const closed = sizeOf(frame);
      frame = groups.pop() ?? newFrame(0);
      atom(frame, closed);
      i += 1;
    } else if (c === '|') {
      frame.branches += branchOf(frame) + (frame.alternatives > 0 ? 1 : 0);
      frame.alternatives += 1;
      frame.before = 0;
      frame.last = 0;
      i += 1;
    } else {
      const repeat = readRepeat(pattern, i);
      if (repeat) {
        frame.last = repeated(frame.last, repeat);
        i = repeat.next;
      } else {
        const next = atomEnd(pattern, i);
        // Inside \Q…\E each character is its own literal instruction.
        atom(frame, next.literals);
        i = next.next;
      }
    }
  }
  while (groups.length > 0) {
    const closed = sizeOf(frame);
    frame = groups.pop() as Frame;
    atom(frame, closed);
  }
  return capped(sizeOf(frame) + 2);
}

interface Frame {
  /** 2 for a capturing group, 0 for `(?:…)`. */
  overhead: number;
  /** Sizes of the finished `|` branches, with one instruction per extra branch. */
  branches: number;
  alternatives: number;
  /** The current branch before its last operand, which a following repetition applies to. */
  before: number;
  last: number;
}

type Repeat = { min: number; max: number | null; next: number };

/** Sizes past this only need to stay past the cap; it keeps nested products finite. */
const CEILING = 2 ** 40;
/** re2js refuses counts above 1000; reading more digits would only overflow. */
const MAX_COUNT = 100_000;

const capped = (n: number) => Math.min(n, CEILING);
const newFrame = (overhead: number): Frame => ({
  overhead,
  branches: 0,
  alternatives: 0,
  before: 0,
  last: 0,
});
const sumOf = (frame: Frame) => capped(frame.before + frame.last);
/** An empty branch still costs one instruction. */
const branchOf = (frame: Frame) => Math.max(1, sumOf(frame));

function atom(frame: Frame, size: number): void {
  frame.before = sumOf(frame);
  frame.last = size;
}

function sizeOf(frame: Frame): number {
  const alternation = frame.branches + branchOf(frame) + (frame.alternatives > 0 ? 1 : 0);
  return capped(alternation + frame.overhead);
}

function repeated(size: number, { min, max }: Repeat): number {
  if (max === null) return capped(min === 0 ? 2 + size : 1 + min * size);
  if (max === 0) return 1;
  return capped(max * size + (max - min));
}

/** `(`, `(?:`, `(?i:`, `(?P<name>`, `(?<name>`; `(?flags)` opens nothing. */
function openGroup(pattern: string, at: number): { overhead: number | null; next: number } {
  if (pattern[at + 1] !== '?') return { overhead: 2, next: at + 1 };
  let j = at + 2;
  while (j < pattern.length && !'):>'.includes(pattern[j] as string)) j += 1;
  if (pattern[j] === ')') return { overhead: null, next: j + 1 };
  const named = pattern[at + 2] === '<' || pattern[at + 2] === 'P';
  return { overhead: named ? 2 : 0, next: j + 1 };
}

/** `*`, `+`, `?` or `{n}`, `{n,}`, `{n,m}`, with a lazy `?` after it; null for anything else. */
function readRepeat(pattern: string, at: number): Repeat | null {
  const c = pattern[at];
  let repeat: Repeat | null = null;
  if (c === '*') repeat = { min: 0, max: null, next: at + 1 };
  else if (c === '+') repeat = { min: 1, max: null, next: at + 1 };
  else if (c === '?') repeat = { min: 0, max: 1, next: at + 1 };
  else if (c === '{') repeat = readCount(pattern, at);
  if (repeat && pattern[repeat.next] === '?') repeat.next += 1;
  return repeat;
}

/** RE2 reads `{` as a literal unless a well-formed count follows (no leading zeros). */
function readCount(pattern: string, at: number): Repeat | null {
  const min = readNumber(pattern, at + 1);
  if (!min) return null;
  if (pattern[min.next] === '}') return { min: min.value, max: min.value, next: min.next + 1 };
  if (pattern[min.next] !== ',') return null;
  if (pattern[min.next + 1] === '}') return { min: min.value, max: null, next: min.next + 2 };
  const max = readNumber(pattern, min.next + 1);
  if (!max || pattern[max.next] !== '}') return null;
  return { min: min.value, max: Math.max(min.value, max.value), next: max.next + 1 };
}

function readNumber(pattern: string, at: number): { value: number; next: number } | null {
  let j = at;
  while (j < pattern.length && isDigit(pattern[j])) j += 1;
  if (j === at || (pattern[at] === '0' && j - at > 1)) return null;
  return { value: Math.min(Number(pattern.slice(at, j)), MAX_COUNT), next: j };
}

const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
const isLetter = (c: string | undefined) => c !== undefined && c >= 'a' && c <= 'z';

/**
 * Where the one-instruction operand at `at` ends: a character, `.`, an escape (`\d`, `\pL`,
 * `\p{Greek}`, `\x{263a}`) or a whole class `[…]`. `\Q…\E` is one literal per character.
 */
function atomEnd(pattern: string, at: number): { literals: number; next: number } {
  const c = pattern[at];
  if (c === '[') return { literals: 1, next: classEnd(pattern, at) };
  if (c !== '\\') return { literals: 1, next: at + 1 };
  if (pattern[at + 1] === 'Q') {
    const end = pattern.indexOf('\\E', at + 2);
    const stop = end === -1 ? pattern.length : end;
    return { literals: Math.max(1, stop - at - 2), next: end === -1 ? stop : end + 2 };
  }
  return { literals: 1, next: escapeEnd(pattern, at) };
}

/** After the escape at `at`: `\d`, `\pL`, `\x41`, or braces (`\p{Greek}`, `\x{263a}`) whole. */
function escapeEnd(pattern: string, at: number): number {
  const kind = pattern[at + 1] ?? '';
  if (!'pPx'.includes(kind)) return at + 2;
  if (pattern[at + 2] === '{') {
    const close = pattern.indexOf('}', at + 3);
    return close === -1 ? pattern.length : close + 1;
  }
  return Math.min(at + (kind === 'x' ? 4 : 3), pattern.length);
}

/** After the `]` closing the class at `at`: a `]` first is a member; `[:alpha:]` is one. */
function classEnd(pattern: string, at: number): number {
  let j = at + 1;
  if (pattern[j] === '^') j += 1;
  let first = true;
  while (j < pattern.length && (pattern[j] !== ']' || first)) {
    first = false;
    if (pattern[j] === '\\') j = escapeEnd(pattern, j);
    else if (pattern[j] === '[' && pattern[j + 1] === ':') j = namedClassEnd(pattern, j);
    else j += 1;
  }
  return Math.min(j + 1, pattern.length);
}

/** After `[:name:]` (or `[:^name:]`), or just after the `[` when it is not one. */
function namedClassEnd(pattern: string, at: number): number {
  let j = at + 2;
  if (pattern[j] === '^') j += 1;
  while (j < pattern.length && isLetter(pattern[j])) j += 1;
  return pattern.startsWith(':]', j) ? j + 2 : at + 1;
}
