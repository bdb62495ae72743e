import type { FIELD_CATALOGUE, FieldName, SourceKind } from './field-catalogue';
import type { FieldType } from './field-types';

/**
 * What the evaluator knows about one target (domain.md 3.10). The scan builds these set-wise;
 * the evaluator only reads them.
 */

/**
 * The value of one field is unknown for this target although its source is available: TMDB
 * metadata never fetched for the item (2.13), or a requester-watch answer of "unknown" (§10).
 */
export const UNKNOWN_FACT: unique symbol = Symbol('unknown fact');
export type UnknownFact = typeof UNKNOWN_FACT;

/** The fact each type holds. `days` fields hold the timestamp; the age is taken from `now`. */
interface FactByType {
  number: number;
  days: Date;
  text: string;
  enum: string;
  /** Library and TMDB collection ids are numbers; names and country codes strings. */
  list: readonly (string | number)[];
  tag_list: readonly string[];
  path: string;
  boolean: boolean;
  user_set: readonly string[];
}

export type FactOf<T extends FieldType> = FactByType[T];

/**
 * One target's facts, by field name. A missing key, `null` or `undefined` is *absent* (the
 * source has no value: never played, no request, a date sanitised away); a known empty list is
 * a value. Only the fields a rule uses need to be present.
 */
export type TargetFacts = {
  readonly [F in FieldName]?: FactOf<(typeof FIELD_CATALOGUE)[F]['type']> | null | UnknownFact;
};

/**
 * Whether each source is available for this evaluation (2.13: state ok and fresh). Built per
 * evaluation, so a scan may narrow it per target (e.g. `arr` for the instance holding it).
 */
export type SourceAvailability = Readonly<Record<SourceKind, boolean>>;
