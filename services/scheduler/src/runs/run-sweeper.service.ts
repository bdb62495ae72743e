import type { Clock, Logger } from '@mcs/kit';
import type { Db } from '../db';
import { runRepository } from './run.repository';

/** Owners report at least every 5 s while running; two minutes of silence means a dead worker. */
export const HEARTBEAT_TIMEOUT_MS = 120_000;
const SWEEP_EVERY_MS = 30_000;

/**
 * Ends runs whose owner fell silent, so no run stays `running` for ever (and blocks its task's
 * next run). Every replica sweeps; the update is idempotent, so that is harmless.
 */
export class RunSweeper {
  constructor(private readonly deps: { db: Db; clock: Clock; log: Logger }) {}

  async sweep(): Promise<number> {
    const now = this.deps.clock();
    const silentSince = new Date(now.getTime() - HEARTBEAT_TIMEOUT_MS);
    const ended = await runRepository.endSilent(this.deps.db, silentSince, now);
    if (ended > 0) this.deps.log.warn({ ended }, 'ended runs whose owner stopped reporting');
    return ended;
  }

  /** Sweeps periodically until the returned stop is called. */
  start(): { stop: () => Promise<void> } {
    const timer = setInterval(() => {
      this.sweep().catch((error: unknown) =>
        this.deps.log.warn({ err: error }, 'run sweep failed; retrying at the next tick'),
      );
    }, SWEEP_EVERY_MS);
    timer.unref();
    return {
      stop: () => {
        clearInterval(timer);
        return Promise.resolve();
      },
    };
  }
}
