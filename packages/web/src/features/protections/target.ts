import type { Schemas } from '../../api/client';

/** The fields a protection and a request share to name their target. */
export type TargetLike = Pick<
  Schemas['ProtectedEntry'],
  'title' | 'year' | 'scope' | 'season_number' | 'episode_number' | 'version_file_name'
>;

function pad(n: number | null): string {
  return n === null ? '?' : String(n).padStart(2, '0');
}

/** "Heat (1995)" — the root title with its year. */
export function titleWithYear(target: Pick<TargetLike, 'title' | 'year'>): string {
  return target.year ? `${target.title} (${target.year})` : target.title;
}

/** The part of the root the target covers: "whole movie", "season 2", "S02E05", "version x.mkv". */
export function scopeLabel(target: TargetLike): string {
  switch (target.scope) {
    case 'movie':
      return 'whole movie';
    case 'series':
      return 'whole series';
    case 'season':
      return `season ${target.season_number ?? '?'}`;
    case 'episode':
      return `S${pad(target.season_number)}E${pad(target.episode_number)}`;
    case 'version':
      return target.version_file_name ? `version ${target.version_file_name}` : 'one version';
  }
}

/** The full name used in confirmations and accessible names: "Heat (1995), S02E05". */
export function targetName(target: TargetLike): string {
  const root = titleWithYear(target);
  return target.scope === 'movie' || target.scope === 'series'
    ? root
    : `${root}, ${scopeLabel(target)}`;
}
