import {
  type ConditionValue,
  type FieldName,
  type NormalizedRule,
  type Operator,
  type RuleDefinition,
  type RuleError,
  type RuleValidationContext,
  type SourceAvailability,
  validateRule,
} from '../../../src/domain/rules';

/** Builders shared by the rules-engine unit tests (pure: no database, broker or Redis). */
export const context = (overrides: Partial<RuleValidationContext> = {}): RuleValidationContext => ({
  libraryIds: [1, 2],
  arrServices: [
    { id: 10, type: 'radarr' },
    { id: 11, type: 'radarr' },
    { id: 20, type: 'sonarr' },
  ],
  moveDestinations: { movie: true, series: false },
  takenNames: [],
  ...overrides,
});

export const condition = (field: string, operator: string, value?: unknown, extra = {}) => ({
  type: 'condition',
  field,
  operator,
  ...(value === undefined ? {} : { value }),
  ...extra,
});

export const group = (op: string, children: unknown[], extra = {}) => ({
  type: 'group',
  op,
  children,
  ...extra,
});

/** A valid movie rule body; override any top-level key. */
export const movieRule = (overrides: Record<string, unknown> = {}) => ({
  name: 'Old unwatched movies',
  media_type: 'movie',
  target_scope: 'movie_version',
  definition: {
    version: 1,
    root: group('and', [condition('media.days_since_added', 'greater_than', 365)]),
  },
  action: {},
  ...overrides,
});

/** A valid series rule body at the given scope, with the given root children. */
export const seriesRule = (scope: string, children: unknown[], overrides = {}) => ({
  name: 'Series rule',
  media_type: 'series',
  target_scope: scope,
  definition: { version: 1, root: group('and', children) },
  ...overrides,
});

/** A movie_version rule body whose root holds the given children. */
export const movieRuleWith = (children: unknown[]) =>
  movieRule({ definition: { version: 1, root: group('and', children) } });

export const allAvailable = (overrides: Partial<SourceAvailability> = {}): SourceAvailability => ({
  catalog: true,
  arr: true,
  seerr: true,
  playback: true,
  favorites: true,
  tmdb: true,
  imdb: true,
  disk: true,
  ...overrides,
});

export function validRule(body: unknown, ctx = context()): NormalizedRule {
  const result = validateRule(body, ctx);
  if (!result.ok) throw new Error(`expected a valid rule, got ${JSON.stringify(result.errors)}`);
  return result.rule;
}

/** The errors of an invalid body (fails the test when the body is valid). */
export function errorsOf(body: unknown, ctx = context()): RuleError[] {
  const result = validateRule(body, ctx);
  if (result.ok) throw new Error('expected validation errors, the rule is valid');
  return result.errors;
}

/** A rule of one enabled condition, as stored (already normalised). */
export const single = (
  field: FieldName,
  operator: Operator,
  value: ConditionValue = null,
): { definition: RuleDefinition } => ({
  definition: {
    version: 1,
    root: {
      type: 'group',
      op: 'and',
      enabled: true,
      children: [{ type: 'condition', field, operator, value, enabled: true }],
    },
  },
});
