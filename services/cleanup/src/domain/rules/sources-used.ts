import { FIELD_CATALOGUE, type SourceKind } from './field-catalogue';
import type { RuleDefinition, RuleGroup } from './rule-types';

/** The sources the enabled conditions of some rules read (domain.md 6.1 step 3). Pure. */
export function sourcesUsed(definitions: readonly RuleDefinition[]): Set<SourceKind> {
  const sources = new Set<SourceKind>();
  const walk = (group: RuleGroup) => {
    if (!group.enabled) return;
    for (const child of group.children) {
      if (child.type === 'group') walk(child);
      else if (child.enabled) for (const s of FIELD_CATALOGUE[child.field].sources) sources.add(s);
    }
  };
  for (const definition of definitions) walk(definition.root);
  return sources;
}
