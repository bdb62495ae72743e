import { defaultValue, valueAfterOperatorChange, valueKind } from './fields';
import {
  DEFAULT_ACTION,
  SCOPES_BY_MEDIA,
  nodeFromWire,
  type ConditionNode,
  type GroupNode,
  type GroupOp,
  type MediaType,
  type NodePath,
  type RuleAction,
  type RuleField,
  type RuleNode,
  type RuleView,
  type TargetScope,
} from './model';

/** Everything the rule editor holds before saving. */
export interface EditorState {
  name: string;
  description: string;
  mediaType: MediaType;
  scope: TargetScope;
  enabled: boolean;
  root: GroupNode;
  action: RuleAction;
  nextId: number;
}

export type EditorAction =
  | { type: 'set_text'; name?: string; description?: string }
  | { type: 'set_enabled'; enabled: boolean }
  | { type: 'set_media_type'; mediaType: MediaType }
  | { type: 'set_scope'; scope: TargetScope }
  | { type: 'set_op'; path: NodePath; op: GroupOp }
  | { type: 'add_condition'; path: NodePath }
  | { type: 'add_group'; path: NodePath }
  | { type: 'remove'; path: NodePath }
  | { type: 'toggle_node'; path: NodePath }
  | { type: 'set_field'; path: NodePath; field: RuleField | undefined }
  | { type: 'set_operator'; path: NodePath; operator: string; field: RuleField | undefined }
  | { type: 'set_value'; path: NodePath; value: unknown }
  | { type: 'set_action'; patch: Partial<RuleAction> };

function emptyCondition(id: number): ConditionNode {
  return { type: 'condition', id, field: '', operator: '', value: null, enabled: true };
}

export function newRuleState(mediaType: MediaType = 'movie'): EditorState {
  return {
    name: '',
    description: '',
    mediaType,
    scope: SCOPES_BY_MEDIA[mediaType][0] ?? 'movie_version',
    enabled: true,
    root: { type: 'group', id: 1, op: 'and', enabled: true, children: [emptyCondition(2)] },
    action: DEFAULT_ACTION,
    nextId: 3,
  };
}

export function stateFromRule(rule: RuleView): EditorState {
  let id = 0;
  const next = () => (id += 1);
  const parsed = nodeFromWire(rule.definition.root, next);
  const root: GroupNode =
    parsed.type === 'group'
      ? parsed
      : { type: 'group', id: next(), op: 'and', enabled: true, children: [parsed] };
  return {
    name: rule.name,
    description: rule.description ?? '',
    mediaType: rule.media_type,
    scope: rule.target_scope,
    enabled: rule.enabled,
    root,
    action: rule.action,
    nextId: id + 1,
  };
}

/** Replaces the node at `path` with what `change` makes of it; other branches stay shared. */
function updateAt(
  group: GroupNode,
  path: NodePath,
  change: (node: RuleNode) => RuleNode | null,
): GroupNode {
  const [head, ...rest] = path;
  if (head === undefined) {
    const changed = change(group);
    return changed?.type === 'group' ? changed : group;
  }
  const children = group.children.flatMap((child, index) => {
    if (index !== head) return [child];
    if (rest.length === 0) {
      const changed = change(child);
      return changed ? [changed] : [];
    }
    return child.type === 'group' ? [updateAt(child, rest, change)] : [child];
  });
  return { ...group, children };
}

function updateCondition(
  state: EditorState,
  path: NodePath,
  change: (node: ConditionNode) => ConditionNode,
): EditorState {
  return {
    ...state,
    root: updateAt(state.root, path, (n) => (n.type === 'condition' ? change(n) : n)),
  };
}

function addChild(state: EditorState, path: NodePath, make: (id: number) => RuleNode, ids: number) {
  const child = make(state.nextId);
  const root = updateAt(state.root, path, (n) =>
    n.type === 'group' ? { ...n, children: [...n.children, child] } : n,
  );
  return { ...state, root, nextId: state.nextId + ids };
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'set_text':
      return {
        ...state,
        name: action.name ?? state.name,
        description: action.description ?? state.description,
      };
    case 'set_enabled':
      return { ...state, enabled: action.enabled };
    case 'set_media_type': {
      if (action.mediaType === state.mediaType) return state;
      const scope = SCOPES_BY_MEDIA[action.mediaType][0] ?? state.scope;
      return { ...state, mediaType: action.mediaType, scope };
    }
    case 'set_scope':
      return { ...state, scope: action.scope };
    case 'set_op':
      return {
        ...state,
        root: updateAt(state.root, action.path, (n) =>
          n.type === 'group' ? { ...n, op: action.op } : n,
        ),
      };
    case 'add_condition':
      return addChild(state, action.path, emptyCondition, 1);
    case 'add_group':
      return addChild(
        state,
        action.path,
        (id) => ({
          type: 'group',
          id,
          op: 'and',
          enabled: true,
          children: [emptyCondition(id + 1)],
        }),
        2,
      );
    case 'remove':
      return action.path.length === 0
        ? state
        : { ...state, root: updateAt(state.root, action.path, () => null) };
    case 'toggle_node':
      return action.path.length === 0
        ? state
        : {
            ...state,
            root: updateAt(state.root, action.path, (n) => ({ ...n, enabled: !n.enabled })),
          };
    case 'set_field':
      return updateCondition(state, action.path, (n) => {
        const operator = action.field?.operators[0] ?? '';
        const value = defaultValue(valueKind(action.field, operator));
        return { ...n, field: action.field?.field ?? '', operator, value };
      });
    case 'set_operator':
      return updateCondition(state, action.path, (n) => ({
        ...n,
        operator: action.operator,
        value: valueAfterOperatorChange(action.field, n.operator, action.operator, n.value),
      }));
    case 'set_value':
      return updateCondition(state, action.path, (n) => ({ ...n, value: action.value }));
    case 'set_action':
      return { ...state, action: { ...state.action, ...action.patch } };
  }
}

/** Nesting depth of a group (root = 1) and the group count, for the limits of domain.md §3.2. */
export function treeLimits(root: GroupNode): { groups: number; depth: number } {
  const walk = (group: GroupNode, level: number): { groups: number; depth: number } =>
    group.children.reduce(
      (acc, child) => {
        if (child.type !== 'group') return acc;
        const sub = walk(child, level + 1);
        return { groups: acc.groups + sub.groups, depth: Math.max(acc.depth, sub.depth) };
      },
      { groups: 1, depth: level },
    );
  return walk(root, 1);
}

export const MAX_GROUPS = 10;
export const MAX_DEPTH = 4;
