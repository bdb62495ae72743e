/**
 * What rule validation reports (domain.md 3.9) and what it needs from outside, passed in as
 * plain data so the validator stays pure.
 */
export type RuleErrorCode =
  /** Generic: a plain field (name, media_type, tree structure, action…) is missing or wrong. */
  | 'invalid_field'
  /** Another rule has this name (case-insensitive); the route answers 409 `name_taken`. */
  | 'name_taken'
  | 'unknown_field'
  | 'field_not_available'
  | 'field_not_allowed_for_scope'
  | 'operator_not_allowed'
  | 'invalid_value'
  | 'invalid_regex'
  | 'invalid_path'
  | 'move_destination_missing';

export interface RuleError {
  /** JSON path into the request body, e.g. `definition.root.children[1].value`; '' = the body. */
  name: string;
  code: RuleErrorCode;
  message: string;
}

export interface RuleValidationContext {
  /** Ids of the existing libraries of the main server (3.6, `library.id`). */
  libraryIds: readonly number[];
  /** Existing Radarr and Sonarr instances, for the action's target lists. */
  arrServices: readonly { id: number; type: 'radarr' | 'sonarr' }[];
  /** Whether `move_destination_movies` / `move_destination_series` is configured. */
  moveDestinations: { movie: boolean; series: boolean };
  /** Names of the other rules (not the one being updated). Omitted: not checked (import). */
  takenNames?: readonly string[];
  /** A preview may run an unnamed draft; everything else needs a name. Default `save`. */
  purpose?: 'save' | 'preview';
}

// Bounds the work and the response for hostile bodies: past this, further problems are
// dropped (the body is refused all the same).
export const MAX_ERRORS = 100;

/** Collects every problem rather than stopping at the first. */
export class ErrorList {
  readonly items: RuleError[] = [];

  add(name: string, code: RuleErrorCode, message: string): void {
    if (this.items.length < MAX_ERRORS) this.items.push({ name, code, message });
  }

  get full(): boolean {
    return this.items.length >= MAX_ERRORS;
  }
}

export function child(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

export function item(path: string, index: number): string {
  return `${path}[${index}]`;
}

export type JsonObject = Readonly<Record<string, unknown>>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Own properties only, so keys such as `constructor` never reach Object.prototype. */
export function own(object: JsonObject, key: string): unknown {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}

export function isOneOf<T extends string>(values: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (values as readonly string[]).includes(value);
}
