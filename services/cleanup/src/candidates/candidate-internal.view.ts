import type { InternalApi } from '@mcs/contracts';
import { iso, isoOrNull } from '@mcs/kit';
import type { OperationPlan } from '../domain/deletion/operation-plan';
import { visibleCriteria } from '../domain/rules/visible-criteria';
import type { CandidateRecord } from './candidate-query.repository';
import type { CandidateDetails, LatestOperation } from './candidate-view.repository';
import { candidateView } from './candidate.view';

export type CandidateViewWire = InternalApi.components['schemas']['CandidateView'];

export interface CandidatePageParts {
  details: CandidateDetails | undefined;
  operation: LatestOperation | undefined;
  /** The plan a file operation would get now (domain.md 3.8), for its two actions. */
  plan: Pick<OperationPlan, 'arrAction' | 'mediaServerAction'>;
  posterUrl: string | null;
}

/**
 * The Candidates page's CandidateView (internal-api.md 1.3): the external Candidate and what
 * the page adds. Paths reach administrators only (domain.md 1.12): the version shows its file
 * name without directories, and path criteria are hidden from anyone else.
 */
export function candidateInternalView(
  record: CandidateRecord,
  parts: CandidatePageParts,
  viewer: { admin: boolean },
  now: Date,
): CandidateViewWire {
  const { details, operation } = parts;
  return {
    ...candidateView(record, now),
    arr_action: parts.plan.arrAction,
    media_server_action: parts.plan.mediaServerAction,
    estimated_space_bytes: details?.estimatedSpaceBytes ?? null,
    matched_criteria: visibleCriteria(details?.matchedCriteria, viewer),
    unknown_since: isoOrNull(details?.unknownSince ?? null),
    completed_action: details?.completedAction ?? null,
    failure_count: details?.failureCount ?? 0,
    last_failure_reason: details?.lastFailureReason ?? null,
    operation: operation
      ? {
          id: operation.id,
          kind: operation.kind,
          status: operation.status,
          failure_reason: operation.failureReason,
          created_at: iso(operation.createdAt),
        }
      : null,
    version:
      record.scope === 'version' && details?.version
        ? {
            file_name: baseName(details.version.fileName),
            size_bytes: details.version.sizeBytes,
            resolution: details.version.resolution,
            video_codec: details.version.videoCodec,
            hdr: details.version.hdr,
            dolby_vision: details.version.dolbyVision,
          }
        : null,
    poster_url: parts.posterUrl,
  };
}

/** Catalog sends the last segment only; cutting again keeps a bad event from showing a path. */
function baseName(fileName: string): string {
  return fileName.split(/[/\\]/).filter(Boolean).pop() ?? fileName;
}
