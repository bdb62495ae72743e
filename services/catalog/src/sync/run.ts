import type { Events } from '@mcs/contracts';
import type { DateSanitiser } from '../integrations/dates';
import { IdSet } from './id-set';

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
 * The state of one sync run: what it has seen (bitmaps of ids), the files observed items no
 * longer hold, counters of the summary, and per-run lookups. Nothing here is the truth; it
 * only lets the run decide at its end what left the library without re-reading everything.
 */
export class SyncRun {
  readonly seen = {
    movie: new IdSet(),
    version: new IdSet(),
    series: new IdSet(),
    season: new IdSet(),
    episode: new IdSet(),
    episode_file: new IdSet(),
  };
  readonly leftovers = {
    version: new Map<number, Leftover>(),
    episode_file: new Map<number, Leftover>(),
  };
  /** New versions replacing another: their version_added follows the removal (1.11 order). */
  readonly replacements = new Map<number, number>();
  readonly counts: SyncCounts = {
    added: 0,
    updated: 0,
    renamed: 0,
    replaced: 0,
    removed: 0,
    restored: 0,
    unidentified: 0,
  };
  /**
   * Series whose own facts (not only their children or aggregates) this run wrote: they are
   * published in full even by an incremental run (domain/series-publication).
   */
  readonly seriesRootsChanged = new Set<number>();
  readonly seriesByServerId = new Map<string, number>();
  readonly seasonIds = new Map<string, number>();
  /** Main-server libraries whose enumeration completed (removals may be concluded). */
  readonly completeLibraries = new Set<number>();
  readonly incompleteLibraries = new Set<number>();
  readonly unidentified: string[] = [];
  itemsProcessed = 0;
  guarded = false;

  constructor(
    readonly kind: SyncKind,
    /** Database time at the start: every row changed by this run has updated_at ≥ it. */
    readonly startedAt: Date,
    /** The injected clock at the start: domain time (removed_at, sanitising). */
    readonly now: Date,
    readonly mainServerId: number,
    readonly dates: DateSanitiser,
    readonly runId: number | null,
  ) {}

  get full(): boolean {
    return this.kind !== 'incremental';
  }

  noteUnidentified(title: string): void {
    this.counts.unidentified += 1;
    if (this.unidentified.length < 50) this.unidentified.push(title);
  }

  summary(): Events.components['schemas']['MediaSyncSummary'] {
    return {
      ...this.counts,
      guarded: this.guarded,
      invalid_dates: Object.fromEntries(this.dates.invalid),
    };
  }
}
