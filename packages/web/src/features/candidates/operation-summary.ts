import { formatBytes } from '../../ui/format';
import type { Selected } from './target';

export type ManualKind = 'delete' | 'move';

const ARR_ACTIONS = {
  delete: 'Arr deletes the files and its entry',
  unmonitor: 'Arr deletes the files and keeps the entry unmonitored',
  unmonitor_only: 'Arr only unmonitors it; no file is deleted',
} as const;

const SERVER_ACTIONS = {
  delete: 'else the media server deletes it',
  none: 'the media server leaves it',
} as const;

export interface OperationSummary {
  headline: string;
  /** Which systems act: "From Radarr and Sonarr, else the main media server." */
  from: string;
  lines: string[];
}

const ARR = { movie: 'Radarr', series: 'Sonarr' } as const;

/**
 * What a manual delete or move takes away, in words, for its confirmation: how many files of
 * which titles, the total size in binary units, and per candidate where it goes from.
 */
export function operationSummary(kind: ManualKind, items: readonly Selected[]): OperationSummary {
  const titles = [...new Set(items.map((item) => item.title))];
  const bytes = items.reduce((sum, item) => sum + (item.candidate.estimated_space_bytes ?? 0), 0);
  const fileLike = items.every((i) => ['version', 'episode'].includes(i.candidate.scope));
  const noun = `${fileLike ? 'file' : 'item'}${items.length === 1 ? '' : 's'}`;
  const of = titles.length === 1 ? titles[0] : `${titles.length} titles`;
  const verb = kind === 'delete' ? 'Delete' : 'Move';
  const headline = `${verb} ${items.length} ${noun} of ${of}, ${formatBytes(bytes)}`;
  const lines = items.map((item) => {
    const c = item.candidate;
    const where =
      kind === 'move'
        ? 'moved to the move destination'
        : `${ARR_ACTIONS[c.arr_action] ?? 'the Arr action of its rules'}; ${
            SERVER_ACTIONS[c.media_server_action] ?? 'the media server action of its rules'
          }`;
    return `${item.title} — ${item.target} — ${formatBytes(c.estimated_space_bytes)} (${where})`;
  });
  const arrs = [...new Set(items.map((i) => ARR[i.candidate.media_type]))].join(' and ');
  const fallback = items.some((i) => i.candidate.media_server_action === 'delete');
  const from =
    kind === 'move'
      ? `Moved by ${arrs} to the move destination.`
      : `From ${arrs}${fallback ? ', else the main media server' : ''}.`;
  return { headline, from, lines };
}
