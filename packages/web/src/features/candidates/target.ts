import type { Schemas } from '../../api/client';

export type CandidateView = Schemas['CandidateView'];
export type CandidateGroup = Schemas['CandidateGroupPage']['items'][number];

const pad = (n: number | null) => String(n ?? 0).padStart(2, '0');

/** What a candidate targets inside its title: "version 1080p", "season 1", "S01E02", "whole series". */
export function targetLabel(candidate: CandidateView): string {
  switch (candidate.scope) {
    case 'version': {
      const v = candidate.version;
      const name =
        v?.resolution ?? v?.file_name ?? `#${candidate.movie_version_id ?? candidate.id}`;
      return `version ${name}`;
    }
    case 'season':
      return `season ${candidate.season_number ?? '?'}`;
    case 'episode':
      return `S${pad(candidate.season_number)}E${pad(candidate.episode_number)}`;
    case 'movie':
      return 'whole movie';
    case 'series':
      return 'whole series';
  }
}

/** "Heat (1995)": a group's title with its year. */
export function groupTitle(group: Pick<CandidateGroup, 'title' | 'year'>): string {
  const title = group.title ?? 'Unknown media';
  return group.year ? `${title} (${group.year})` : title;
}

/** A selected candidate with the words the confirmations and toasts need. */
export interface Selected {
  candidate: CandidateView;
  title: string;
  target: string;
}

export function selectedOf(group: CandidateGroup, candidate: CandidateView): Selected {
  return { candidate, title: groupTitle(group), target: targetLabel(candidate) };
}

export const BLOCKER_LABELS: Record<Schemas['Blocker'], string> = {
  protected: 'Protected',
  pending_protection_request: 'Protection request pending',
  pending_delete_request: 'Delete request pending',
};
