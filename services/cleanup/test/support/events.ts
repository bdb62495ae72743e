import type { Candidate, Protection } from './api';

/**
 * A lifecycle event record as cleanup publishes it (events-webhooks.md 1.2-1.3): what the kit's
 * recorder delivers for `candidate.*` and `protection.*`.
 */
export interface EventRecord {
  id: string;
  type: string;
  occurred_at: string;
  candidate_id: number | null;
  actor: { type: string; id: number | null };
  media_type: string;
  operation_id: null;
  payload: {
    schema_version: 1;
    id: string;
    type: string;
    occurred_at: string;
    candidate?: Candidate;
    protection?: Protection;
    links: Record<string, string>;
  };
}
