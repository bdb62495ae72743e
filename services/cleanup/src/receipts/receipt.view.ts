import type { InternalApi } from '@mcs/contracts';
import { numOrNull } from '@mcs/kit';
import type { ReceiptRow } from './receipt.repository';

type Schemas = InternalApi.components['schemas'];

const isoOrNull = (value: Date | null) => value?.toISOString() ?? null;

/** A receipt as the reclaim history lists it. */
export function receiptSummaryView(row: ReceiptRow): Schemas['ReceiptSummary'] {
  return {
    id: Number(row.id),
    operation_id: Number(row.operation_id),
    outcome: row.outcome,
    failure_reason: row.failure_reason,
    trigger: row.trigger,
    action: row.action,
    approved_by: row.approved_by,
    candidate_id: numOrNull(row.candidate_id),
    target: {
      media_type: row.media_type,
      scope: row.scope,
      media_id: Number(row.media_id),
      movie_version_id: numOrNull(row.movie_version_id),
      season_id: numOrNull(row.season_id),
      episode_id: numOrNull(row.episode_id),
      title: row.title,
      year: row.year,
      tmdb_id: numOrNull(row.tmdb_id),
      season_number: row.season_number,
      episode_number: row.episode_number,
    },
    bytes_freed: numOrNull(row.bytes_freed),
    created_at: row.created_at.toISOString(),
  };
}

/** The whole receipt (administrators). */
export function receiptView(row: ReceiptRow): Schemas['Receipt'] {
  return {
    ...receiptSummaryView(row),
    candidate_created_at: isoOrNull(row.candidate_created_at),
    eligible_at: isoOrNull(row.eligible_at),
    delay_days: row.delay_days,
    files: row.files,
    rules: row.rules,
    evidence: row.evidence,
    source_freshness: row.source_freshness,
    route: row.route,
    warnings: row.warnings,
  };
}
