import type { Schemas } from '../../api/client';

type Run = Schemas['TaskRunDetail'];

/** A filter value from the URL when it is one of the allowed ones, else undefined. */
export function oneOf<T extends string>(value: string, allowed: readonly T[]): T | undefined {
  return allowed.find((item) => item === value);
}

export const RUN_STATUSES: readonly Schemas['TaskRunStatus'][] = [
  'queued',
  'running',
  'completed',
  'error',
];
export const RUN_TRIGGERS: readonly Schemas['TaskRunTrigger'][] = ['schedule', 'manual', 'api'];

/** "2 h 5 min", "3 min 12 s", "840 ms" between start and end; "—" while unknown. */
export function formatDuration(run: Pick<Run, 'started_at' | 'completed_at'>): string {
  if (!run.started_at || !run.completed_at) return '—';
  const ms = new Date(run.completed_at).getTime() - new Date(run.started_at).getTime();
  if (ms < 1000) return `${Math.max(ms, 0)} ms`;
  const total = Math.round(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h > 0) return `${h} h ${m} min`;
  if (m > 0) return `${m} min ${s} s`;
  return `${s} s`;
}

export function requestedBy(run: Run): string {
  if (!run.requested_by) return run.trigger === 'schedule' ? 'Schedule' : '—';
  return run.requested_by.type === 'user'
    ? `User #${run.requested_by.id}`
    : `API token #${run.requested_by.id}`;
}

/** The owner's counts as "scanned 120 · removed 3". */
export function formatSummary(summary: Run['summary']): string {
  return Object.entries(summary)
    .map(
      ([key, value]) =>
        `${key.replace(/_/g, ' ')} ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`,
    )
    .join(' · ');
}
