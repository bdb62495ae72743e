import { readAction } from './action';
import { readDefinition } from './definition';
import type { RuleScope } from './field-catalogue';
import type { NormalizedRule, RuleMediaType } from './rule-types';
import { foldText, lengthWithin } from './text';
import {
  ErrorList,
  isObject,
  isOneOf,
  type JsonObject,
  own,
  type RuleError,
  type RuleValidationContext,
} from './validation';

/**
 * Reads a rule body (create, update, import, preview) into a normalised rule, or lists every
 * problem found (domain.md 3.9). Pure: whatever it needs to know about the world comes in
 * `context`. Never throws on bad input, whatever its shape.
 */
export type RuleValidation =
  { ok: true; rule: NormalizedRule } | { ok: false; errors: RuleError[] };

const MEDIA_TYPES: readonly RuleMediaType[] = ['movie', 'series'];
const SCOPES: readonly RuleScope[] = ['movie_version', 'series', 'season', 'episode'];
const MAX_NAME = 100;
const MAX_DESCRIPTION = 1000;

export function validateRule(input: unknown, context: RuleValidationContext): RuleValidation {
  const errors = new ErrorList();
  if (!isObject(input)) {
    errors.add('', 'invalid_field', 'the rule must be a JSON object');
    return { ok: false, errors: errors.items };
  }
  const name = readName(errors, input, context);
  const description = readDescription(errors, own(input, 'description'));
  const { mediaType, scope } = readScope(errors, input);
  const enabled = own(input, 'enabled') ?? true;
  if (typeof enabled !== 'boolean')
    errors.add('enabled', 'invalid_field', 'enabled must be true or false');
  const definition = readDefinition({ errors, context, scope }, own(input, 'definition'));
  const action = readAction({ errors, context, mediaType, scope, name }, own(input, 'action'));

  if (
    errors.items.length > 0 ||
    !definition ||
    !action ||
    mediaType === null ||
    scope === null ||
    typeof enabled !== 'boolean'
  )
    return { ok: false, errors: errors.items };
  const rule = { name, description, media_type: mediaType, target_scope: scope, enabled };
  return { ok: true, rule: { ...rule, definition, action } };
}

/** Trimmed, 1…100 characters, unique among the other rules ignoring case. */
function readName(errors: ErrorList, input: JsonObject, context: RuleValidationContext) {
  const raw = own(input, 'name');
  if ((raw === undefined || raw === null) && context.purpose === 'preview') return null;
  const name = typeof raw === 'string' ? raw.trim() : '';
  if (!lengthWithin(name, 1, MAX_NAME)) {
    errors.add('name', 'invalid_field', `name must be a text of 1 to ${MAX_NAME} characters`);
    return null;
  }
  const folded = foldText(name);
  if (context.takenNames?.some((taken) => foldText(taken.trim()) === folded))
    errors.add('name', 'name_taken', 'another rule already has this name');
  return name;
}

function readDescription(errors: ErrorList, raw: unknown): string | null {
  if (raw === undefined || raw === null) return null;
  if (typeof raw === 'string' && lengthWithin(raw, 0, MAX_DESCRIPTION)) return raw;
  errors.add(
    'description',
    'invalid_field',
    `description must be at most ${MAX_DESCRIPTION} characters`,
  );
  return null;
}

/** movie_version ⇔ movie; series, season and episode ⇔ series (3.1). */
function readScope(errors: ErrorList, input: JsonObject) {
  const rawType = own(input, 'media_type');
  const rawScope = own(input, 'target_scope');
  const mediaType = isOneOf(MEDIA_TYPES, rawType) ? rawType : null;
  const scope = isOneOf(SCOPES, rawScope) ? rawScope : null;
  if (mediaType === null)
    errors.add('media_type', 'invalid_field', 'media_type must be "movie" or "series"');
  if (scope === null)
    errors.add(
      'target_scope',
      'invalid_field',
      `target_scope must be one of: ${SCOPES.join(', ')}`,
    );
  if (
    mediaType !== null &&
    scope !== null &&
    (mediaType === 'movie') !== (scope === 'movie_version')
  ) {
    const expected = mediaType === 'movie' ? 'movie_version' : 'series, season or episode';
    errors.add('target_scope', 'invalid_field', `a ${mediaType} rule targets ${expected}`);
    return { mediaType, scope: null };
  }
  return { mediaType, scope };
}
