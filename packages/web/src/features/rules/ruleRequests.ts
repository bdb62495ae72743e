import { client } from '../../api/client';
import { isJsonObject, type RuleView } from './model';
import { unwrap, type RuleInput } from './services';

/** A stored rule sent back whole, as the update route takes it, with some fields changed. */
export function ruleUpdateBody(
  rule: RuleView,
  changes: Partial<Pick<RuleView, 'enabled'>> = {},
): RuleInput {
  const { definition, action } = rule;
  return {
    name: rule.name,
    description: rule.description,
    media_type: rule.media_type,
    target_scope: rule.target_scope,
    enabled: changes.enabled ?? rule.enabled,
    definition: isJsonObject(definition) ? definition : undefined,
    action: isJsonObject(action) ? action : undefined,
  };
}

/** Downloads the chosen rules (or all) as an `mcs-rules` JSON file. */
export async function downloadRules(ids: number[]): Promise<number> {
  const query = ids.length ? { ids: ids.join(',') } : {};
  const data = unwrap(await client.GET('/api/rules/export', { params: { query } }));
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `mcs-rules-${new Date().toISOString().slice(0, 10)}.json`;
  link.click();
  URL.revokeObjectURL(url);
  return data.rules.length;
}
