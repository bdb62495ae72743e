import { formatBytes } from '../../ui/format';
import { operatorLabel, valueKind } from './fields';
import {
  displayValue,
  SCOPE_LABEL,
  type GroupNode,
  type RuleField,
  type RuleNode,
  type TargetScope,
} from './model';

/** Lower-cases a label's first letter unless it looks like an acronym ("TMDB genres"). */
function lowerFirst(label: string): string {
  return /^[A-Z][a-z]/.test(label) ? label.charAt(0).toLowerCase() + label.slice(1) : label;
}

function joinList(items: string[], last: 'or' | 'and'): string {
  if (items.length <= 1) return items[0] ?? '…';
  return `${items.slice(0, -1).join(', ')} ${last} ${items.at(-1)}`;
}

function valuePhrase(field: RuleField | undefined, operator: string, value: unknown): string {
  const kind = valueKind(field, operator);
  if (kind === 'none') return '';
  if (value === null || value === undefined || value === '') return '…';
  if (Array.isArray(value)) {
    const items = value.map((v) => (typeof v === 'string' ? `"${v}"` : displayValue(v)));
    return joinList(items, operator.includes('all') ? 'and' : 'or');
  }
  if (kind === 'days') return `${displayValue(value)} ${value === 1 ? 'day' : 'days'}`;
  if (kind === 'bytes' && typeof value === 'number') return formatBytes(value);
  if (kind === 'regex') return `/${displayValue(value)}/`;
  return typeof value === 'string' ? `"${value}"` : displayValue(value);
}

function conditionSentence(
  node: Extract<RuleNode, { type: 'condition' }>,
  fields: RuleField[],
): string {
  if (!node.field) return '(a condition still to choose)';
  const field = fields.find((f) => f.field === node.field);
  const label = lowerFirst(field?.label ?? node.field);
  const value = valuePhrase(field, node.operator, node.value);
  return [label, operatorLabel(node.operator), value].filter(Boolean).join(' ');
}

function isActive(node: RuleNode): boolean {
  if (!node.enabled) return false;
  return node.type === 'condition' || node.children.some(isActive);
}

function groupSentence(group: GroupNode, fields: RuleField[], nested: boolean): string {
  const parts = group.children
    .filter(isActive)
    .map((child) =>
      child.type === 'condition'
        ? conditionSentence(child, fields)
        : groupSentence(child, fields, true),
    );
  const joined = parts.join(group.op === 'and' ? ' AND ' : ' OR ');
  return nested && parts.length > 1 ? `(${joined})` : joined;
}

/**
 * The rule as the sentence it means, e.g. "Movie files whose days since last watched is more
 * than 90 days AND …". Disabled conditions and groups are left out, as the evaluator ignores them.
 */
export function ruleSentence(
  definition: { root: GroupNode },
  fields: RuleField[],
  scope?: TargetScope,
): string {
  const subject = scope ? SCOPE_LABEL[scope] : 'Items';
  const body = groupSentence(definition.root, fields, false);
  return body ? `${subject} whose ${body}.` : `${subject}: no condition yet.`;
}
