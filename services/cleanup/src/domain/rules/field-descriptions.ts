import { VALUE_LIMITS } from './condition-value';
import { FIELD_CATALOGUE, type FieldName, type FieldSpec, type RuleScope } from './field-catalogue';
import { type Operator, operatorsOf, valueShape } from './field-types';
import { MAX_PATTERN_LENGTH } from './regex';

/**
 * What the rule editor shows for each first-release field (`GET /api/rules/fields`,
 * internal-api.md 10): a label, the type, scopes, operators and, per operator, the JSON Schema
 * of its `value` (null where the operator takes none). Derived from the catalogue, so the
 * editor and the validator cannot disagree.
 */
const LABELS: Readonly<Record<FieldName, string>> = {
  'library.id': 'Library',
  'media.title': 'Title',
  'media.path': 'Path',
  'media.size_bytes': 'Size (bytes)',
  'media.year': 'Year',
  'media.days_since_added': 'Days since added to the media server',
  'file.days_since_added': 'Days since imported by Radarr/Sonarr',
  'media.days_since_release': 'Days since release',
  'watch.view_count': 'Play count',
  'watch.days_since_last_watched': 'Days since last watched',
  'watch.never_watched': 'Never watched',
  'playback.watched_by': 'Watched by',
  'seerr.requested': 'Requested',
  'seerr.requested_by': 'Requested by',
  'seerr.requester_has_watched': 'Requester has watched',
  'seerr.days_since_requested': 'Days since requested',
  'tmdb.genres': 'Genres',
  'tmdb.original_language': 'Original language',
  'tmdb.origin_country': 'Origin country',
  'tmdb.collection': 'TMDB collection',
  'media_server.collections': 'Media-server collections',
  'tmdb.vote_average': 'TMDB rating',
  'tmdb.vote_count': 'TMDB vote count',
  'imdb.rating': 'IMDb rating',
  'arr.tags': 'Radarr/Sonarr tags',
  'arr.monitored': 'Monitored in Radarr/Sonarr',
  'series.status': 'Series status',
  'season.number': 'Season number',
  'season.fully_watched': 'Season fully watched',
  'season.is_latest': 'Latest season',
  'episode.days_since_air_date': 'Days since the episode aired',
  'video.resolution': 'Resolution',
  'video.codec': 'Video codec',
  'video.hdr': 'HDR',
  'video.dolby_vision': 'Dolby Vision',
  'movie.version_count': 'Number of versions',
  'disk.free_percent': 'Free disk space (%)',
  'favorites.exists': 'Favourited',
};

export type JsonSchema = Readonly<Record<string, unknown>>;

export interface FieldDescription {
  field: FieldName;
  label: string;
  type: FieldSpec['type'];
  scopes: readonly RuleScope[];
  operators: readonly Operator[];
  value_schema: Readonly<Partial<Record<Operator, JsonSchema | null>>>;
  /** `a + b`: every source is needed; `a / b`: one is enough. */
  source: string;
  first_release: true;
}

/** What people read for a field (the rule editor, a candidate's reason). */
export const fieldLabel = (field: FieldName): string => LABELS[field];

/** Every first-release field, or those allowed for one scope, in catalogue order. */
export function describeFields(scope?: RuleScope): FieldDescription[] {
  return (Object.keys(FIELD_CATALOGUE) as FieldName[])
    .filter((field) => !scope || FIELD_CATALOGUE[field].scopes.includes(scope))
    .map((field) => describe(field, FIELD_CATALOGUE[field]));
}

function describe(field: FieldName, spec: FieldSpec): FieldDescription {
  const operators = spec.operators ?? operatorsOf(spec.type);
  return {
    field,
    label: LABELS[field],
    type: spec.type,
    scopes: spec.scopes,
    operators,
    value_schema: Object.fromEntries(operators.map((op) => [op, valueSchema(spec, op)])),
    source: sourceLabel(spec),
    first_release: true,
  };
}

/** A field's source(s) as domain.md 3.4 writes them: `a + b` needs both, `a / b` one. */
export const sourceLabel = (spec: Pick<FieldSpec, 'sources' | 'sourcesNeeded'>): string =>
  spec.sources.join(spec.sourcesNeeded === 'all' ? ' + ' : ' / ');

const text = (maxLength: number) => ({ type: 'string', minLength: 1, maxLength });
const list = (items: JsonSchema, maxItems: number) => ({
  type: 'array',
  minItems: 1,
  maxItems,
  items,
});

function valueSchema(spec: FieldSpec, operator: Operator): JsonSchema | null {
  switch (valueShape(spec.type, operator)) {
    case 'none':
      return null;
    case 'number':
      return numberSchema(spec);
    case 'string':
      return text(VALUE_LIMITS.text);
    case 'regex':
      return { ...text(MAX_PATTERN_LENGTH), format: 'regex' };
    case 'string_list':
      return list(text(VALUE_LIMITS.text), VALUE_LIMITS.list);
    case 'enum_one':
      return itemSchema(spec);
    case 'enum_list':
      return list(itemSchema(spec), VALUE_LIMITS.list);
    case 'items':
      return list(
        itemSchema(spec),
        spec.type === 'user_set' ? VALUE_LIMITS.users : VALUE_LIMITS.list,
      );
    case 'prefixes':
      return list(
        { ...text(VALUE_LIMITS.path), description: 'An absolute path' },
        VALUE_LIMITS.prefixes,
      );
  }
}

function numberSchema(spec: FieldSpec): JsonSchema {
  const bounds = spec.bounds;
  if (!bounds) return { type: 'number' };
  const step = bounds.step === 'integer' ? { type: 'integer' } : { type: 'number' };
  return {
    ...step,
    minimum: bounds.min,
    maximum: bounds.max,
    ...(bounds.step === 'tenth' ? { multipleOf: 0.1 } : {}),
  };
}

/** One element of a list or an enum value, by the field's item kind. */
function itemSchema(spec: FieldSpec): JsonSchema {
  if (spec.allowed) return { type: 'string', enum: spec.allowed };
  switch (spec.item) {
    case 'library_id':
    case 'collection_id':
      return { type: 'integer', minimum: 1 };
    case 'language':
      return { type: 'string', pattern: '^[a-z]{3}$', description: 'ISO 639-3' };
    case 'country':
      return { type: 'string', pattern: '^[A-Za-z]{2}$', description: 'ISO 3166-1 alpha-2' };
    case 'user_key':
      return {
        type: 'string',
        pattern: '^[0-9]+:.+$',
        description: '<service_config_id>:<user id>',
      };
    case 'name':
    case 'tag':
    case undefined:
      return text(VALUE_LIMITS.text);
  }
}
