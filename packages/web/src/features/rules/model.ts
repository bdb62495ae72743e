import type { Schemas } from '../../api/client';

/** Editor-side shapes of a rule (domain.md §3). Wire shapes stay the contract's. */
export type RuleView = Schemas['RuleView'];
export type RuleField = Schemas['RuleFieldList']['items'][number];
export type RuleAction = Schemas['RuleAction'];
export type TargetScope = RuleView['target_scope'];
export type MediaType = Schemas['MediaType'];
export type GroupOp = 'and' | 'or';

export const SCOPES_BY_MEDIA: Record<MediaType, TargetScope[]> = {
  movie: ['movie_version'],
  series: ['series', 'season', 'episode'],
};

export const SCOPE_LABEL: Record<TargetScope, string> = {
  movie_version: 'Movie files',
  series: 'Series',
  season: 'Seasons',
  episode: 'Episodes',
};

/** A condition in the editor: `id` only keys React rows and never goes on the wire. */
export interface ConditionNode {
  type: 'condition';
  id: number;
  field: string;
  operator: string;
  value: unknown;
  enabled: boolean;
}

export interface GroupNode {
  type: 'group';
  id: number;
  op: GroupOp;
  enabled: boolean;
  children: RuleNode[];
}

export type RuleNode = ConditionNode | GroupNode;

/** Where a node sits: child indexes from the root ([] is the root). */
export type NodePath = number[];

export const DEFAULT_ACTION: RuleAction = {
  outcome: 'candidate',
  arr_action: 'delete',
  media_server_action: 'delete',
  auto_delete_enabled: false,
  auto_delete_delay_days: null,
  move_instead_of_delete: false,
  tag_enabled: true,
  arr_tag: null,
  radarr_service_ids: [],
  sonarr_service_ids: [],
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads a stored definition's tree defensively; ids come from `nextId`. */
export function nodeFromWire(value: unknown, nextId: () => number): RuleNode {
  const item = isRecord(value) ? value : {};
  const enabled = item.enabled !== false;
  if (item.type === 'condition')
    return {
      type: 'condition',
      id: nextId(),
      field: typeof item.field === 'string' ? item.field : '',
      operator: typeof item.operator === 'string' ? item.operator : '',
      value: item.value ?? null,
      enabled,
    };
  const children = Array.isArray(item.children) ? item.children : [];
  return {
    type: 'group',
    id: nextId(),
    op: item.op === 'or' ? 'or' : 'and',
    enabled,
    children: children.map((child) => nodeFromWire(child, nextId)),
  };
}

export type WireNode =
  | { type: 'condition'; field: string; operator: string; value?: unknown; enabled: boolean }
  | { type: 'group'; op: GroupOp; enabled: boolean; children: WireNode[] };

/** The tree as the API takes it (domain.md §3.2), without the editor's ids. */
export function nodeToWire(node: RuleNode): WireNode {
  if (node.type === 'group')
    return {
      type: 'group',
      op: node.op,
      enabled: node.enabled,
      children: node.children.map(nodeToWire),
    };
  const { field, operator, value, enabled } = node;
  return value === null || value === undefined
    ? { type: 'condition', field, operator, enabled }
    : { type: 'condition', field, operator, value, enabled };
}

/**
 * The contract types free-form objects (definition, action) as `Record<string, never>`; this
 * guard lets a plain object through without a cast.
 */
export function isJsonObject(value: unknown): value is Record<string, never> {
  return isRecord(value);
}

/** Every condition with its path, in tree order (the order of `definition.conditions[i]`). */
export function flattenConditions(
  group: GroupNode,
  path: NodePath = [],
): { node: ConditionNode; path: NodePath }[] {
  return group.children.flatMap((child, index) =>
    child.type === 'condition'
      ? [{ node: child, path: [...path, index] }]
      : flattenConditions(child, [...path, index]),
  );
}

/** The JSON path the API names a node by: `definition.root.children[1].children[0]`. */
export function wireName(path: NodePath): string {
  return ['definition.root', ...path.map((i) => `children[${i}]`)].join('.');
}

/** Any value as short text: strings as they are, lists joined, objects as JSON. */
export function displayValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(displayValue).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  if (typeof value === 'string') return value;
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
}
