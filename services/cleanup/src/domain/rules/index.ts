/**
 * Cleanup II rules engine, pure part: the field catalogue, rule validation and the tri-state
 * evaluator (domain.md 3). No I/O anywhere below this folder.
 */
export {
  FIELD_CATALOGUE,
  type FieldName,
  type FieldSpec,
  type RuleScope,
  type SourceKind,
} from './field-catalogue';
export { type FieldType, type Operator, OPERATORS_BY_TYPE } from './field-types';
export { lookupField, type FieldLookup } from './later-fields';
export {
  checkPattern,
  compilePattern,
  type LinearRegex,
  MAX_PATTERN_LENGTH,
  MAX_PROGRAM_SIZE,
} from './regex';
export { deriveArrTag } from './arr-tag';
export { TREE_LIMITS } from './definition';
export type { RuleError, RuleErrorCode, RuleValidationContext } from './validation';
export { validateRule, type RuleValidation } from './validate-rule';
export type * from './rule-types';
export { type SourceAvailability, type TargetFacts, UNKNOWN_FACT } from './facts';
export { FRESHNESS_MS, sourceAvailability, type SourceStatusInput } from './source-availability';
export {
  type ConditionResult,
  evaluate,
  type Evaluation,
  sourcesAvailable,
  UNAVAILABLE,
} from './evaluate';
export { buildTargets } from './target-facts';
export type { RootProjection, TargetWithFacts } from './root-projection';
export type { Verdict } from './verdict';
export {
  describeFields,
  type FieldDescription,
  fieldLabel,
  sourceLabel,
} from './field-descriptions';
