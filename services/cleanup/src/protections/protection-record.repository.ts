import { type BigIntColumn, num, numOrNull, sql } from '@mcs/kit';
import type { Actor, ProtectionSource } from '../domain/actor';
import type { ProtectionTerms } from '../domain/protection-terms';
import type { Target } from '../domain/target';
import { targetOf, type TargetRow } from '../targets/target.repository';

/** A protection with its root media facts and, for version scope, its file's facts. */
export interface ProtectionRecord extends Target, ProtectionTerms {
  id: number;
  title: string;
  year: number | null;
  tmdbId: number;
  source: ProtectionSource;
  sourceRuleId: number | null;
  sourceRuleName: string | null;
  createdBy: Actor;
  /** The creator's display name when the protection was created (a snapshot), or null. */
  createdByName: string | null;
  requestId: number | null;
  createdAt: Date;
  updatedAt: Date;
  version: VersionFacts | null;
}

export interface VersionFacts {
  fileName: string;
  resolution: string | null;
  sizeBytes: number | null;
  videoCodec: string | null;
  hdr: boolean | null;
  dolbyVision: boolean | null;
}

/** Protections with their root media and, for version scope, the file's facts. */
export const PROTECTION_SELECT = sql`
  SELECT p.*, m.title, m.year, m.tmdb_id AS root_tmdb_id, v.file_name AS v_file_name,
         v.resolution AS v_resolution, v.size_bytes AS v_size_bytes,
         v.video_codec AS v_video_codec, v.hdr AS v_hdr, v.dolby_vision AS v_dolby_vision
    FROM protections p
    JOIN media_items m ON m.media_type = p.media_type AND m.media_id = p.media_id
    LEFT JOIN movie_versions v ON p.scope = 'version' AND v.id = p.movie_version_id`;

export interface ProtectionRow extends TargetRow {
  id: BigIntColumn;
  source: ProtectionSource;
  source_rule_id: BigIntColumn | null;
  source_rule_name: string | null;
  reason: string | null;
  permanent: boolean;
  expires_at: Date | null;
  created_by_type: Actor['type'];
  created_by_id: BigIntColumn | null;
  created_by_name: string | null;
  request_id: BigIntColumn | null;
  created_at: Date;
  updated_at: Date;
  title: string;
  year: number | null;
  root_tmdb_id: BigIntColumn;
  v_file_name: string | null;
  v_resolution: string | null;
  v_size_bytes: BigIntColumn | null;
  v_video_codec: string | null;
  v_hdr: boolean | null;
  v_dolby_vision: boolean | null;
}

export function toProtectionRecord(row: ProtectionRow): ProtectionRecord {
  return {
    id: num(row.id),
    ...targetOf(row),
    title: row.title,
    year: row.year,
    tmdbId: num(row.root_tmdb_id),
    source: row.source,
    sourceRuleId: numOrNull(row.source_rule_id),
    sourceRuleName: row.source_rule_name,
    reason: row.reason,
    permanent: row.permanent,
    expiresAt: row.expires_at,
    createdBy: { type: row.created_by_type, id: numOrNull(row.created_by_id) },
    createdByName: row.created_by_name,
    requestId: numOrNull(row.request_id),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version:
      row.v_file_name === null
        ? null
        : {
            fileName: row.v_file_name,
            resolution: row.v_resolution,
            sizeBytes: numOrNull(row.v_size_bytes),
            videoCodec: row.v_video_codec,
            hdr: row.v_hdr,
            dolbyVision: row.v_dolby_vision,
          },
  };
}
