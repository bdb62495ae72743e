import type { Problem } from '../../api/problem';
import { isJsonObject, type RuleField } from './model';
import type { RuleEditorServices } from './services';

function schema(value: object): Record<string, never> {
  if (!isJsonObject(value)) throw new Error('not an object');
  return value;
}

const NUMBER_OPS = ['greater_than', 'less_than', 'equals', 'exists', 'not_exists'];
const all: RuleField['scopes'] = ['movie_version', 'series', 'season', 'episode'];

function field(
  f: Partial<RuleField> & Pick<RuleField, 'field' | 'label' | 'type' | 'operators' | 'source'>,
): RuleField {
  return { scopes: all, value_schema: {}, first_release: true, ...f };
}

/** A small /api/rules/fields answer covering each kind of value input. */
export const FIELDS: RuleField[] = [
  field({
    field: 'watch.days_since_last_watched',
    label: 'Days since last watched',
    type: 'days',
    operators: NUMBER_OPS,
    source: 'playback',
    value_schema: { exists: null, not_exists: null },
  }),
  field({
    field: 'watch.never_watched',
    label: 'Never watched',
    type: 'boolean',
    operators: ['is_true', 'is_false'],
    source: 'playback',
  }),
  field({
    field: 'media.size_bytes',
    label: 'Size',
    type: 'number',
    operators: NUMBER_OPS,
    source: 'catalog',
  }),
  field({
    field: 'media.title',
    label: 'Title',
    type: 'text',
    operators: ['equals', 'contains_substring', 'matches_regex', 'in'],
    source: 'catalog',
  }),
  field({
    field: 'tmdb.genres',
    label: 'Genres',
    type: 'list',
    operators: ['contains_any', 'contains_all', 'not_contains_any'],
    source: 'tmdb',
  }),
  field({
    field: 'video.resolution',
    label: 'Resolution',
    type: 'enum',
    scopes: ['movie_version', 'episode'],
    operators: ['equals', 'in'],
    source: 'catalog',
    value_schema: {
      equals: schema({ enum: ['sd', '720p', '1080p', '2160p'] }),
      in: schema({ type: 'array', items: { enum: ['sd', '720p', '1080p', '2160p'] } }),
    },
  }),
  field({
    field: 'season.number',
    label: 'Season number',
    type: 'number',
    scopes: ['season', 'episode'],
    operators: NUMBER_OPS,
    source: 'catalog',
  }),
];

export function ruleInvalid(errors: { name: string; message: string }[]): Problem {
  return {
    type: 'urn:mcs:problem:rule_invalid',
    title: 'Invalid rule',
    status: 422,
    detail: `The rule has ${errors.length} problems.`,
    code: 'rule_invalid',
    request_id: 'req-1',
    errors: errors.map((e) => ({ in: 'body', ...e })),
  };
}

/** Services answering from memory; tests override what they exercise. */
export function fakeServices(overrides: Partial<RuleEditorServices> = {}): RuleEditorServices {
  return {
    lookup: (kind, search) =>
      Promise.resolve(
        kind === 'genres'
          ? ['Drama', 'Horror', 'Comedy']
              .filter((g) => g.toLowerCase().includes(search.toLowerCase()))
              .map((g) => ({ value: g, label: g }))
          : [],
      ),
    validateRegex: (pattern) =>
      Promise.resolve(pattern.includes('(?=') ? 'look-around is not supported' : null),
    validatePaths: (paths) =>
      Promise.resolve(
        paths.map((path) => ({
          path,
          normalized: path,
          valid: path.startsWith('/'),
          error: path.startsWith('/') ? null : 'Must be an absolute path.',
          item_count: 3,
          size_bytes: 3 * 1024 ** 3,
        })),
      ),
    arrInstances: () => Promise.resolve([{ value: 1, label: 'Radarr 4K' }]),
    save: () => Promise.reject(new Error('save not expected')),
    preview: () => Promise.reject(new Error('preview not expected')),
    checkSynced: () => Promise.resolve({ ready: true, sources: [], fields: [] }),
    ...overrides,
  };
}
