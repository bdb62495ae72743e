import { deriveArrTag, isValidArrTag } from './arr-tag';
import type { RuleScope } from './field-catalogue';
import type { ArrAction, MediaServerAction, RuleAction, RuleMediaType } from './rule-types';
import {
  child,
  type ErrorList,
  isObject,
  isOneOf,
  item,
  type JsonObject,
  own,
  type RuleValidationContext,
} from './validation';

/**
 * The action of a rule (domain.md 3.7, 3.9 step 5): defaults filled in, protect rules forced
 * harmless. Missing or null settings take their default.
 */
export interface ActionReader {
  errors: ErrorList;
  context: RuleValidationContext;
  /** Null when invalid: the checks that depend on it are skipped. */
  mediaType: RuleMediaType | null;
  scope: RuleScope | null;
  /** The trimmed, valid name, for the derived tag. */
  name: string | null;
}

const ARR_ACTIONS: readonly ArrAction[] = ['delete', 'unmonitor', 'unmonitor_only'];
const MEDIA_SERVER_ACTIONS: readonly MediaServerAction[] = ['delete', 'none'];
const MAX_DELAY_DAYS = 3650;
// Not bounded by the spec; far above any real number of Arr instances.
const MAX_SERVICE_IDS = 50;

/**
 * "Forced off on save, whatever was sent": the destructive settings of a protect rule are
 * discarded unread, so a stale or even invalid value left in the editor cannot block saving.
 */
export const PROTECT_ACTION: RuleAction = {
  outcome: 'protect',
  arr_action: null,
  media_server_action: 'none',
  auto_delete_enabled: false,
  auto_delete_delay_days: null,
  move_instead_of_delete: false,
  tag_enabled: false,
  arr_tag: null,
  radarr_service_ids: [],
  sonarr_service_ids: [],
};

export function readAction(reader: ActionReader, raw: unknown): RuleAction | undefined {
  const { errors } = reader;
  if (raw !== undefined && raw !== null && !isObject(raw)) {
    errors.add('action', 'invalid_field', 'action must be an object');
    return undefined;
  }
  const body: JsonObject = isObject(raw) ? raw : {};
  const field = (key: string) => {
    const value = own(body, key);
    return { value: value ?? undefined, path: child('action', key) };
  };
  const outcome = field('outcome');
  if (outcome.value === 'protect') return PROTECT_ACTION;
  const errorsBefore = errors.items.length;
  // An unknown outcome is reported, and the rest is still checked as for a candidate rule.
  if (outcome.value !== undefined && outcome.value !== 'candidate')
    errors.add(outcome.path, 'invalid_field', 'outcome must be "candidate" or "protect"');
  const pick = <T extends string>(key: string, values: readonly T[], fallback: T): T => {
    const { value, path } = field(key);
    if (value === undefined) return fallback;
    if (isOneOf(values, value)) return value;
    errors.add(path, 'invalid_field', `${key} must be one of: ${values.join(', ')}`);
    return fallback;
  };
  const flag = (key: string, fallback: boolean): boolean => {
    const { value, path } = field(key);
    if (value === undefined) return fallback;
    if (typeof value === 'boolean') return value;
    errors.add(path, 'invalid_field', `${key} must be true or false`);
    return fallback;
  };
  const action: RuleAction = {
    outcome: 'candidate',
    arr_action: pick('arr_action', ARR_ACTIONS, 'delete'),
    media_server_action: pick('media_server_action', MEDIA_SERVER_ACTIONS, 'delete'),
    auto_delete_enabled: flag('auto_delete_enabled', false),
    auto_delete_delay_days: readDelay(reader, field('auto_delete_delay_days')),
    move_instead_of_delete: flag('move_instead_of_delete', false),
    tag_enabled: flag('tag_enabled', true),
    arr_tag: readArrTag(reader, field('arr_tag')),
    radarr_service_ids: readServiceIds(reader, field('radarr_service_ids'), 'radarr'),
    sonarr_service_ids: readServiceIds(reader, field('sonarr_service_ids'), 'sonarr'),
  };
  const { mediaType, context } = reader;
  if (action.move_instead_of_delete && mediaType !== null && !context.moveDestinations[mediaType])
    errors.add(
      child('action', 'move_instead_of_delete'),
      'move_destination_missing',
      `no move destination is configured for ${mediaType === 'movie' ? 'movies' : 'series'}`,
    );
  return errors.items.length === errorsBefore ? action : undefined;
}

type Field = { value: unknown; path: string };

function readDelay(reader: ActionReader, { value, path }: Field): number | null {
  if (value === undefined) return null;
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_DELAY_DAYS)
    return value;
  reader.errors.add(
    path,
    'invalid_field',
    `must be an integer from 0 to ${MAX_DELAY_DAYS}, or null`,
  );
  return null;
}

/** "Derived when empty": a missing, null or blank tag becomes mcs-<slug of the name>. */
function readArrTag(reader: ActionReader, { value, path }: Field): string | null {
  if (value === undefined || (typeof value === 'string' && value.trim() === ''))
    return deriveArrTag(reader.name ?? '');
  if (typeof value === 'string' && isValidArrTag(value)) return value;
  reader.errors.add(
    path,
    'invalid_field',
    'must start with "mcs-" and use only a-z, 0-9 and "-" (at most 50)',
  );
  return null;
}

function readServiceIds(
  reader: ActionReader,
  { value, path }: Field,
  type: 'radarr' | 'sonarr',
): number[] {
  const { errors, context, scope } = reader;
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.length > MAX_SERVICE_IDS) {
    errors.add(path, 'invalid_field', `must be a list of at most ${MAX_SERVICE_IDS} ${type} ids`);
    return [];
  }
  const fitsScope = scope === null || (type === 'radarr') === (scope === 'movie_version');
  if (value.length > 0 && !fitsScope) {
    const rules = type === 'radarr' ? 'movie_version rules' : 'series, season and episode rules';
    errors.add(path, 'invalid_field', `${type} instances can only be chosen for ${rules}`);
    return [];
  }
  value.forEach((id: unknown, index) => {
    if (!context.arrServices.some((service) => service.id === id && service.type === type))
      errors.add(
        item(path, index),
        'invalid_field',
        `must be the id of an existing ${type} instance`,
      );
  });
  return [...new Set(value.filter((id): id is number => typeof id === 'number'))];
}
