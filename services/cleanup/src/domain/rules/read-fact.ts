import type { FieldSpec } from './field-catalogue';
import { UNKNOWN_FACT } from './facts';

/**
 * Turns one raw fact into what the operators compare (domain.md 3.3, 3.10): a value, absent,
 * or unknown. `days` facts are timestamps and become whole days elapsed at `now`.
 */
export type PresentFact = number | string | boolean | readonly (string | number)[];

export type Fact = { kind: 'value'; value: PresentFact } | { kind: 'absent' } | { kind: 'unknown' };

const DAY_SECONDS = 86_400;
const ABSENT: Fact = { kind: 'absent' };
const UNKNOWN: Fact = { kind: 'unknown' };
const present = (value: PresentFact): Fact => ({ kind: 'value', value });

export function readFact(spec: FieldSpec, raw: unknown, now: Date): Fact {
  if (raw === UNKNOWN_FACT) return UNKNOWN;
  if (raw === null || raw === undefined) return ABSENT;
  switch (spec.type) {
    case 'days':
      return daysSince(raw, now);
    case 'number':
      return typeof raw === 'number' && Number.isFinite(raw) ? present(raw) : UNKNOWN;
    case 'text':
    case 'enum':
    case 'path':
      return typeof raw === 'string' ? present(raw) : UNKNOWN;
    case 'boolean':
      return typeof raw === 'boolean' ? present(raw) : UNKNOWN;
    case 'list':
    case 'tag_list':
    case 'user_set':
      return isItemList(raw) ? present(raw) : UNKNOWN;
  }
}

function isItemList(raw: unknown): raw is readonly (string | number)[] {
  return (
    Array.isArray(raw) &&
    raw.every((entry) => typeof entry === 'string' || typeof entry === 'number')
  );
}

/**
 * floor((now − X) / 86 400) in whole elapsed seconds (domain.md conventions). An invalid date
 * is one sanitised away (2.12): absent, so no age condition can match it. A fact of the wrong
 * type is a bug upstream; answering unknown keeps it from deciding anything (likewise in
 * readFact).
 */
function daysSince(raw: unknown, now: Date): Fact {
  if (!(raw instanceof Date)) return UNKNOWN;
  const at = raw.getTime();
  if (Number.isNaN(at)) return ABSENT;
  const seconds = Math.floor((now.getTime() - at) / 1000);
  return { kind: 'value', value: Math.floor(seconds / DAY_SECONDS) };
}
