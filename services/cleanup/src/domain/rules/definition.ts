import { type ConditionReader, readCondition } from './condition';
import type { RuleCondition, RuleDefinition, RuleGroup } from './rule-types';
import { child, isObject, item, type JsonObject, own } from './validation';

/**
 * The condition tree (domain.md 3.2, 3.9 steps 2-3). The walk never goes below the deepest
 * allowed level and never visits more nodes than the limits allow, so a hostile body (deep
 * nesting, huge arrays) costs bounded work and cannot overflow the stack.
 */
export const TREE_LIMITS = { groups: 10, levels: 4, conditions: 100 } as const;
const MAX_NODES = TREE_LIMITS.groups + TREE_LIMITS.conditions;

interface Walk extends ConditionReader {
  groups: number;
  conditions: number;
  nodes: number;
  /** Conditions that count: enabled themselves and inside enabled groups only. */
  effective: number;
}

type Node = RuleGroup | RuleCondition;

export function readDefinition(reader: ConditionReader, raw: unknown): RuleDefinition | undefined {
  const { errors } = reader;
  if (!isObject(raw)) {
    errors.add('definition', 'invalid_field', 'definition must be an object');
    return undefined;
  }
  const versionOk = own(raw, 'version') === 1;
  if (!versionOk) errors.add('definition.version', 'invalid_field', 'version must be 1');
  const rootRaw = own(raw, 'root');
  if (!isObject(rootRaw) || own(rootRaw, 'type') !== 'group') {
    errors.add('definition.root', 'invalid_field', 'root must be a group');
    return undefined;
  }
  if (own(rootRaw, 'enabled') === false)
    errors.add('definition.root.enabled', 'invalid_field', 'the root group cannot be disabled');
  const walk: Walk = { ...reader, groups: 0, conditions: 0, nodes: 0, effective: 0 };
  const root = readNode(walk, rootRaw, 'definition.root', 1, true);
  if (walk.effective === 0)
    errors.add('definition.root', 'invalid_field', 'at least one enabled condition is required');
  return root?.type === 'group' && versionOk ? { version: 1, root } : undefined;
}

function readNode(
  walk: Walk,
  node: unknown,
  path: string,
  level: number,
  parentEnabled: boolean,
): Node | undefined {
  const { errors } = walk;
  if (!isObject(node)) {
    errors.add(path, 'invalid_field', 'must be a group or a condition');
    return undefined;
  }
  walk.nodes += 1;
  if (walk.nodes > MAX_NODES) {
    if (walk.nodes === MAX_NODES + 1)
      errors.add(path, 'invalid_field', `the tree has more than ${MAX_NODES} nodes`);
    return undefined;
  }
  const enabled = readEnabled(walk, node, path);
  const type = own(node, 'type');
  if (type === 'group') return readGroup(walk, node, path, level, parentEnabled && enabled);
  if (type === 'condition') {
    walk.conditions += 1;
    if (walk.conditions === TREE_LIMITS.conditions + 1)
      errors.add(path, 'invalid_field', `at most ${TREE_LIMITS.conditions} conditions`);
    if (parentEnabled && enabled) walk.effective += 1;
    return readCondition(walk, node, path, enabled);
  }
  errors.add(child(path, 'type'), 'invalid_field', 'type must be "group" or "condition"');
  return undefined;
}

function readGroup(
  walk: Walk,
  node: JsonObject,
  path: string,
  level: number,
  effectiveEnabled: boolean,
): RuleGroup | undefined {
  const { errors } = walk;
  walk.groups += 1;
  if (walk.groups === TREE_LIMITS.groups + 1)
    errors.add(path, 'invalid_field', `at most ${TREE_LIMITS.groups} groups`);
  if (level > TREE_LIMITS.levels) {
    // Not descended into: that is what bounds the recursion.
    errors.add(path, 'invalid_field', `groups nest at most ${TREE_LIMITS.levels} levels deep`);
    return undefined;
  }
  const op = own(node, 'op');
  const opOk = op === 'and' || op === 'or';
  if (!opOk) errors.add(child(path, 'op'), 'invalid_field', 'op must be "and" or "or"');
  const raw = own(node, 'children');
  const childrenPath = child(path, 'children');
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > MAX_NODES) {
    errors.add(childrenPath, 'invalid_field', `children must list 1 to ${MAX_NODES} nodes`);
    return undefined;
  }
  const children = raw.map((entry: unknown, index) =>
    readNode(walk, entry, item(childrenPath, index), level + 1, effectiveEnabled),
  );
  if (!opOk || !children.every((entry): entry is Node => entry !== undefined)) return undefined;
  return { type: 'group', op, enabled: own(node, 'enabled') !== false, children };
}

/** `enabled` is optional and defaults to true; anything but a boolean is an error. */
function readEnabled(walk: Walk, node: JsonObject, path: string): boolean {
  const raw = own(node, 'enabled');
  if (raw === undefined || typeof raw === 'boolean') return raw !== false;
  walk.errors.add(child(path, 'enabled'), 'invalid_field', 'enabled must be true or false');
  return true;
}
