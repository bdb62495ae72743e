import type { InternalApi } from '@mcs/contracts';
import { targetTitle } from '../domain/target';
import type { RequestRecord } from './request.repository';

type Schemas = InternalApi.components['schemas'];
export type ProtectionRequestWire = Schemas['ProtectionRequest'];
export type DeleteRequestWire = Schemas['DeleteRequest'];

/** What both kinds of request show (internal-api.md 9.1-9.2). */
function common(record: RequestRecord) {
  return {
    id: record.id,
    target: {
      media_type: record.mediaType,
      scope: record.scope,
      media_id: record.mediaId,
      movie_version_id: record.movieVersionId,
      season_id: record.seasonId,
      season_number: record.seasonNumber,
      episode_id: record.episodeId,
      episode_number: record.episodeNumber,
      title: targetTitle(record.title, record),
      year: record.year,
      tmdb_id: record.tmdbId,
      version_file_name: record.versionFileName,
    },
    requested_by: { id: record.requestedByUserId, username: record.requestedByName },
    reason: record.reason,
    admin_note: record.adminNote,
    decided_by: record.decidedByUserId,
    decided_at: record.decidedAt?.toISOString() ?? null,
    close_reason: record.closeReason,
    created_at: record.createdAt.toISOString(),
  };
}

export function protectionRequestView(record: RequestRecord): ProtectionRequestWire {
  const { status } = record;
  // A protection request is never completed or failed: only delete requests follow an operation.
  if (status === 'completed' || status === 'failed')
    throw new Error(`protection request ${status}`);
  return {
    ...common(record),
    status,
    duration_days: record.durationDays,
    permanent: record.durationDays === null,
    protection_id: record.protectionId,
  };
}

export function deleteRequestView(record: RequestRecord): DeleteRequestWire {
  return {
    ...common(record),
    status: record.status,
    operation_id: record.operationId,
    failure_reason: record.failureReason,
  };
}
