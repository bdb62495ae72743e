import { flattenConditions, wireName, type GroupNode } from './model';

export interface RuleError {
  name: string;
  message: string;
}

/**
 * Rewrites `definition.conditions[i]…` (the i-th condition in tree order) to the node's own
 * path `definition.root.children[a].children[b]…`, so every error has one way to be placed.
 */
export function normalizeErrorName(name: string, root: GroupNode): string {
  const match = /^definition\.conditions\[(\d+)\](.*)$/.exec(name);
  if (!match) return name;
  const entry = flattenConditions(root)[Number(match[1])];
  return entry ? `${wireName(entry.path)}${match[2] ?? ''}` : name;
}

/** The message placed on one control: an exact match of its JSON path. */
export function errorAt(errors: RuleError[], name: string): string | undefined {
  return errors.find((e) => e.name === name)?.message;
}

/** Errors on a node itself or below it that no control of the node shows. */
export function errorsUnder(errors: RuleError[], prefix: string, shown: string[]): string[] {
  return errors
    .filter(
      (e) => (e.name === prefix || e.name.startsWith(`${prefix}.`)) && !shown.includes(e.name),
    )
    .filter((e) => !/\.children\[\d+\]/.test(e.name.slice(prefix.length)))
    .map((e) => e.message);
}
