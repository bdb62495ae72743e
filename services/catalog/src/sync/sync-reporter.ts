import type { Logger, TaskContext } from '@mcs/kit';
import type { ByKind } from '../domain/removal-guard';

type Phase = 'movies' | 'series' | 'episodes';

/**
 * A sync run's progress (domain.md 9: progress, items processed, phase) and the log line each
 * phase leaves when it ends (its time and the memory then). The listing steps count their
 * batches here. A listing phase's share of the run grows with what it has done of the library
 * as it was before the run, over all libraries of its kind: it never goes back when a second
 * library starts.
 */
export class SyncReporter {
  private itemsProcessed = 0;
  private readonly done = { movies: 0, episodes: 0 };
  private current = 'start';
  private phaseStarted = Date.now();

  constructor(
    private readonly task: TaskContext,
    private readonly log: Logger,
    /** The live counts before the run (zero for an incremental run, which does not count). */
    private readonly before: ByKind<number>,
  ) {}

  get items(): number {
    return this.itemsProcessed;
  }

  /** Logs the phase that ended, if `phase` is a new one, and reports the progress. */
  async phase(progress: number, phase: string): Promise<void> {
    if (phase !== this.current) {
      const memory = process.memoryUsage();
      this.log.info(
        {
          run_id: this.task.runId,
          phase: this.current,
          ms: Date.now() - this.phaseStarted,
          rss_mib: Math.round(memory.rss / 2 ** 20),
          heap_mib: Math.round(memory.heapUsed / 2 ** 20),
        },
        'sync phase done',
      );
      this.current = phase;
      this.phaseStarted = Date.now();
    }
    await this.task.progress({ progress, itemsProcessed: this.itemsProcessed, phase });
  }

  /** A listing step wrote `size` more items of `phase`: movies 5-30 %, episodes 35-75 %. */
  readonly batch = async (phase: Phase, size: number): Promise<void> => {
    this.itemsProcessed += size;
    if (phase !== 'series') this.done[phase] += size;
    const share = (done: number, of: number) => Math.min(1, done / Math.max(1, of));
    const progress =
      phase === 'movies'
        ? 5 + 25 * share(this.done.movies, this.before.movie)
        : phase === 'series'
          ? 30
          : 35 + 40 * share(this.done.episodes, this.before.episode_file);
    await this.phase(progress, phase);
  };
}
