import type { ExternalApi } from '@mcs/contracts';
import { iso } from '@mcs/kit';
import type { EventRow } from './feed.repository';

export type EventWire = ExternalApi.components['schemas']['Event'];

/** A feed item (external-api.md §2.5): the stored record without its internal columns. */
export function eventView(row: EventRow): EventWire {
  return {
    id: row.id,
    type: row.type,
    occurred_at: iso(row.occurredAt),
    candidate_id: row.candidateId,
    actor: { type: row.actorType, id: row.actorId },
    payload: row.payload,
  };
}
