import type { ExternalApi } from '@mcs/contracts';
import { iso, isoOrNull } from '@mcs/kit';
import { deriveAutoDeleteState } from '../domain/auto-delete';
import { targetTitle } from '../domain/target';
import type { CandidateRecord } from './candidate-query.repository';
import { targetFields } from '../targets/target.view';

export type CandidateWire = ExternalApi.components['schemas']['Candidate'];

/** The external Candidate (external-api.md 2.3): every field present, state derived at `now`. */
export function candidateView(record: CandidateRecord, now: Date): CandidateWire {
  const status = deriveAutoDeleteState(
    record,
    { configured: record.configured, delayDays: record.delayDays },
    now,
  );
  return {
    id: record.id,
    ...targetFields(record),
    title: targetTitle(record.title, record),
    year: record.year,
    tmdb_id: record.tmdbId,
    matched_rule_ids: record.matchedRuleIds,
    reason: record.reason,
    delete_operation: record.deleteOperation,
    created_at: iso(record.createdAt),
    auto_delete_state: status.state,
    auto_delete_delay_days: status.delayDays,
    auto_delete_eligible_at: iso(status.eligibleAt),
    auto_delete_is_active: status.isActive,
    auto_delete_is_eligible: status.isEligible,
    auto_delete_cancelled_at: isoOrNull(record.cancelledAt),
    auto_delete_postponed_until: isoOrNull(record.postponedUntil),
    auto_delete_timer_started_at: isoOrNull(record.timerStartedAt),
    lifecycle_reason: record.lifecycleReason,
    lifecycle_updated_at: isoOrNull(record.lifecycleUpdatedAt),
    // The order is fixed (external-api 1.8).
    blockers: [
      ...(record.protected ? (['protected'] as const) : []),
      ...(record.pendingProtectionRequest ? (['pending_protection_request'] as const) : []),
      ...(record.pendingDeleteRequest ? (['pending_delete_request'] as const) : []),
    ],
  };
}
