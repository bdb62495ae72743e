import type { FieldName, RuleScope } from './field-catalogue';
import type { Operator } from './field-types';

/**
 * A rule as validateRule returns it (domain.md 3.1, 3.2, 3.7): every default filled in, every
 * value checked. Keys are snake_case because definition and action are stored as JSON
 * documents and returned verbatim by the rule routes; renaming them twice would buy nothing.
 */
export type RuleMediaType = 'movie' | 'series';
export type RuleOutcome = 'candidate' | 'protect';
export type ArrAction = 'delete' | 'unmonitor' | 'unmonitor_only';
export type MediaServerAction = 'delete' | 'none';

/** `null` for operators without a value (exists, not_exists, is_true, is_false). */
/** Lists hold ids (numbers) or texts, by field. */
export type ConditionValue = null | number | string | readonly (string | number)[];

export interface RuleCondition {
  type: 'condition';
  field: FieldName;
  operator: Operator;
  value: ConditionValue;
  enabled: boolean;
}

export interface RuleGroup {
  type: 'group';
  op: 'and' | 'or';
  enabled: boolean;
  children: readonly (RuleGroup | RuleCondition)[];
}

export interface RuleDefinition {
  version: 1;
  root: RuleGroup;
}

export interface RuleAction {
  outcome: RuleOutcome;
  /** null only for protect rules, whose destructive settings are forced off. */
  arr_action: ArrAction | null;
  media_server_action: MediaServerAction;
  auto_delete_enabled: boolean;
  auto_delete_delay_days: number | null;
  move_instead_of_delete: boolean;
  tag_enabled: boolean;
  arr_tag: string | null;
  radarr_service_ids: readonly number[];
  sonarr_service_ids: readonly number[];
}

export interface NormalizedRule {
  /** Absent only in previews, which may run an unnamed draft. */
  name: string | null;
  description: string | null;
  media_type: RuleMediaType;
  target_scope: RuleScope;
  enabled: boolean;
  definition: RuleDefinition;
  action: RuleAction;
}
