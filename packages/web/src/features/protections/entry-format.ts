import type { Schemas } from '../../api/client';
import { formatBytes } from '../../ui/format';

type Entry = Schemas['ProtectedEntry'];

/** A filter value from the URL when it is one of the allowed ones, else undefined. */
export function oneOf<T extends string>(value: string, allowed: readonly T[]): T | undefined {
  return allowed.find((item) => item === value);
}

export const MEDIA_TYPES: readonly Schemas['MediaType'][] = ['movie', 'series'];
export const SCOPES: readonly Schemas['TargetScope'][] = [
  'movie',
  'version',
  'series',
  'season',
  'episode',
];
export const SOURCES: readonly Schemas['ProtectionSource'][] = ['manual', 'api', 'rule'];

const RESOLUTION: Record<string, string> = { sd: 'SD', '4320p': '8K', '2160p': '4K' };

/** "4K · HEVC · HDR · DV · 41.2 GiB" for a version-scoped movie entry, else null. */
export function versionDetails(entry: Entry): string | null {
  if (entry.scope !== 'version') return null;
  const parts = [
    entry.version_resolution
      ? (RESOLUTION[entry.version_resolution] ?? entry.version_resolution)
      : null,
    entry.version_video_codec?.toUpperCase() ?? null,
    entry.version_hdr ? 'HDR' : null,
    entry.version_dolby_vision ? 'Dolby Vision' : null,
    entry.version_size !== null ? formatBytes(entry.version_size) : null,
  ];
  return parts.filter((p): p is string => p !== null).join(' · ') || null;
}

export function createdBy(entry: Entry): string {
  const { type, id, name } = entry.created_by;
  if (name) return name;
  if (type === 'system') return 'System';
  return `${type === 'user' ? 'User' : 'API token'} #${id ?? '?'}`;
}

/** Plain words for the conflicts the protection routes answer with. */
export const PROTECTION_CONFLICTS: Record<string, string> = {
  rule_managed_protection:
    'This protection is managed by its rule. Change or disable the rule to alter it.',
};
