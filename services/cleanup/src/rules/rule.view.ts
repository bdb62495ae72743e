import type { InternalApi } from '@mcs/contracts';
import { iso } from '@mcs/kit';
import type { RuleRow } from './rule.repository';

type Schemas = InternalApi.components['schemas'];
export type RuleWire = Schemas['RuleView'];

/**
 * The RuleView of internal-api.md 10. Definition and action are the documents validateRule
 * produced when the rule was saved, stored as they are, so they are returned as they are.
 */
export function ruleView(
  row: RuleRow,
  counts: { candidates: number; protections: number },
): RuleWire {
  return {
    id: Number(row.id),
    name: row.name,
    description: row.description,
    media_type: row.mediaType === 'series' ? 'series' : 'movie',
    enabled: row.enabled,
    target_scope: row.targetScope as RuleWire['target_scope'],
    definition: row.definition as RuleWire['definition'],
    action: row.action as RuleWire['action'],
    revision: row.revision,
    candidate_count: counts.candidates,
    protection_count: counts.protections,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}
