import type { Events } from '@mcs/contracts';
import type { DateSanitiser } from '../integrations/dates';

export type SyncKind = 'full' | 'incremental' | 'resync';

/** Why a known file is not among the files observed for its item (domain.md 1.11). */
export interface Leftover {
  cause: 'replaced' | 'left_library';
  replacedBy: number | null;
}

/** The counters of the run's summary (media.synced); the guard and dates are kept apart. */
export type SyncCounts = Omit<
  Events.components['schemas']['MediaSyncSummary'],
  'guarded' | 'invalid_dates'
>;

/**
 * What every step of one sync run reads: the kind of run and its clocks. Each step returns
 * what it found (seen ids, leftovers, counts) to the service, which hands it to the steps
 * that need it. The one member written during the run is `dates`: the clients count the
 * invalid dates they sanitise there, for the summary, as they parse.
 */
export interface SyncContext {
  readonly kind: SyncKind;
  /** Full and resync runs list everything; incremental ones what changed since the watermark. */
  readonly full: boolean;
  /** Database time at the start: every row changed by this run has updated_at ≥ it. */
  readonly startedAt: Date;
  /** The injected clock at the start: domain time (removed_at, sanitising). */
  readonly now: Date;
  readonly mainServerId: number;
  /** The clients' date sanitiser: it counts the invalid dates of the run's summary. */
  readonly dates: DateSanitiser;
  readonly runId: number | null;
}

export function syncContext(fields: Omit<SyncContext, 'full'>): SyncContext {
  return { ...fields, full: fields.kind !== 'incremental' };
}

export const NO_COUNTS: Readonly<SyncCounts> = {
  added: 0,
  updated: 0,
  renamed: 0,
  replaced: 0,
  removed: 0,
  restored: 0,
  unidentified: 0,
};

/** The sum of two steps' (or batches') counts. */
export function addCounts(a: Readonly<SyncCounts>, b: Partial<SyncCounts>): SyncCounts {
  const sum = { ...a };
  for (const key of Object.keys(sum) as (keyof SyncCounts)[]) sum[key] += b[key] ?? 0;
  return sum;
}

/** Titles of unidentified items kept for the alert: a sample, the count is in the counts. */
export const UNIDENTIFIED_SAMPLE = 50;
