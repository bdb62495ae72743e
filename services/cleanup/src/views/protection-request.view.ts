import type { InternalApi } from '@mcs/contracts';
import { targetTitle } from '../domain/target';
import type { ProtectionRequestRecord } from '../repositories/protection-request.repository';

export type ProtectionRequestWire = InternalApi.components['schemas']['ProtectionRequest'];

/** A protection request as its requester and administrators read it (internal-api.md 9.1). */
export function protectionRequestView(record: ProtectionRequestRecord): ProtectionRequestWire {
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
    duration_days: record.durationDays,
    permanent: record.durationDays === null,
    status: record.status,
    admin_note: record.adminNote,
    decided_by: record.decidedByUserId,
    decided_at: record.decidedAt?.toISOString() ?? null,
    protection_id: record.protectionId,
    close_reason: record.closeReason,
    created_at: record.createdAt.toISOString(),
  };
}
