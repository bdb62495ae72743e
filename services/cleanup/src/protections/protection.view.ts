import type { ExternalApi } from '@mcs/contracts';
import { iso, isoOrNull } from '@mcs/kit';
import { isActive } from '../domain/protection-terms';
import type { ProtectionRecord } from './protection.repository';
import { targetFields } from '../targets/target.view';

export type ProtectionWire = ExternalApi.components['schemas']['Protection'];

/** The external Protection (external-api.md 2.7); `active` is evaluated at `now`. */
export function protectionView(record: ProtectionRecord, now: Date): ProtectionWire {
  return {
    id: record.id,
    ...targetFields(record),
    title: record.title,
    year: record.year,
    tmdb_id: record.tmdbId,
    source: record.source,
    reason: record.reason,
    permanent: record.permanent,
    expires_at: isoOrNull(record.expiresAt),
    active: isActive(record, now),
    created_at: iso(record.createdAt),
    updated_at: iso(record.updatedAt),
  };
}

/**
 * The internal ProtectedEntry (internal-api.md 1.3, domain.md 7.6): the external fields plus
 * rule, creator and request, and the file's facts on version entries (null elsewhere).
 * `created_by.name` is the name the gateway's signed principal carried when the entry was
 * created — a snapshot: names live in the gateway, so a later rename of the user or token does
 * not show here. Null when unknown and for system (rule) entries.
 */
export function protectedEntryView(record: ProtectionRecord, now: Date) {
  const version = record.version;
  return {
    ...protectionView(record, now),
    source_rule_id: record.sourceRuleId,
    source_rule_name: record.source === 'rule' ? record.sourceRuleName : null,
    created_by: { ...record.createdBy, name: record.createdByName },
    request_id: record.requestId,
    version_file_name: version?.fileName ?? null,
    version_resolution: version?.resolution ?? null,
    version_size: version?.sizeBytes ?? null,
    version_video_codec: version?.videoCodec ?? null,
    version_hdr: version?.hdr ?? null,
    version_dolby_vision: version?.dolbyVision ?? null,
  };
}

export type ProtectedEntryWire = ReturnType<typeof protectedEntryView>;
