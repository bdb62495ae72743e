import type { Participant } from './task-catalogue';

/** One participant's end of a run, as it reported it. */
export interface RunPart {
  service: string;
  status: 'completed' | 'error';
  itemsProcessed: number | null;
  summary: Record<string, unknown>;
  error: string | null;
  completedAt: Date;
}

export type RunOutcome =
  | { kind: 'waiting'; progress: number }
  | {
      kind: 'completed' | 'error';
      itemsProcessed: number | null;
      summary: Record<string, unknown>;
      error: string | null;
      completedAt: Date;
    };

/**
 * Where a run stands once some of its participants have reported their end (domain.md §9):
 * waiting until every participant has (progress = the share that has), then `error` if any
 * part failed, else `completed`. A single participant's summary is the run's summary; a
 * fan-out's summary holds each participant's under its name.
 */
export function runOutcome(participants: readonly Participant[], parts: RunPart[]): RunOutcome {
  const reported = parts.filter((part) => participants.includes(part.service as Participant));
  if (reported.length < participants.length)
    return { kind: 'waiting', progress: (100 * reported.length) / participants.length };
  const failed = reported.filter((part) => part.status === 'error');
  const single = reported.length === 1 ? reported[0] : undefined;
  const counts = reported.map((part) => part.itemsProcessed).filter((n) => n !== null);
  return {
    kind: failed.length > 0 ? 'error' : 'completed',
    itemsProcessed: counts.length > 0 ? counts.reduce((sum, n) => sum + n, 0) : null,
    summary: single
      ? single.summary
      : Object.fromEntries(reported.map((part) => [part.service, part.summary])),
    error: single
      ? single.error
      : failed.map((part) => `${part.service}: ${part.error ?? 'failed'}`).join('; ') || null,
    completedAt: new Date(Math.max(...reported.map((part) => part.completedAt.getTime()))),
  };
}
