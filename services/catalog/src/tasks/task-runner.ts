import type {
  Clock,
  Logger,
  Progress,
  Publisher,
  TaskContext,
  TaskHandler,
  TaskOutcome,
} from '@mcs/kit';
import type { Pool } from 'pg';
import type { Db } from '../db';
import type { MediaEvents } from '../messaging/media-events';
import { findRun, moveRun } from '../repositories/task-run.repository';
import { withLock } from './lock';
import { TaskError } from './task-error';

export const CATALOG_TASKS = [
  'sync_media',
  'resync_media',
  'refresh_playback_history',
  'sync_requests',
  'weekly_house_keeping',
] as const;
export type CatalogTask = (typeof CATALOG_TASKS)[number];

export type TaskHandlers = Record<CatalogTask, TaskHandler>;

/** Tasks that write the same data wait for each other (across replicas too). */
const LOCKS: Record<CatalogTask, string> = {
  sync_media: 'library',
  resync_media: 'library',
  refresh_playback_history: 'playback',
  sync_requests: 'requests',
  weekly_house_keeping: 'housekeeping',
};

const PROGRESS_EVERY_MS = 5000;
const PROGRESS_EVERY_ITEMS = 1000;

/**
 * Run semantics of domain.md 9 on catalog's side: a queued run starts once
 * (task.run_started), reports progress at least every 5 s or 1000 items
 * (task.run_progressed, straight to the broker), and ends completed or failed in the
 * transaction that records it (task.run_completed / task.run_failed through the outbox).
 */
export class TaskRunner {
  constructor(
    private readonly deps: {
      db: Db;
      pool: Pool;
      events: MediaEvents;
      publisher: Publisher;
      clock: Clock;
      log: Logger;
      handlers: TaskHandlers;
    },
  ) {}

  /** Returns false when the run row is not there yet (the job retries shortly). */
  async execute(runId: number): Promise<boolean> {
    const { db, events, clock } = this.deps;
    const row = await findRun(db, runId);
    if (!row) return false;
    if (row.status !== 'queued') return true;
    const taskId = row.taskId as CatalogTask;
    const base = { run_id: runId, task_id: taskId, service: 'catalog' as const };
    const started = await db.$transaction(async (tx) => {
      if (!(await moveRun(tx, runId, 'queued', { status: 'running', startedAt: clock() })))
        return false;
      await events.add(tx, 'task.run_started', { ...base, started_at: clock().toISOString() });
      return true;
    });
    if (!started) return true;
    const progress = this.progressOf(base);
    const context: TaskContext = {
      runId,
      taskId,
      trigger: row.trigger as TaskContext['trigger'],
      progress: progress.report,
    };
    const handler = this.deps.handlers[taskId];
    const outcome = await withLock(this.deps.pool, LOCKS[taskId], () => handler(context)).then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    // No progress report may follow the run's end.
    progress.stop();
    if ('value' in outcome) await this.complete(base, outcome.value);
    else await this.fail(base, outcome.error);
    return true;
  }

  private async complete(base: RunBase, outcome: TaskOutcome) {
    const now = this.deps.clock();
    await this.deps.db.$transaction(async (tx) => {
      await moveRun(tx, base.run_id, 'running', {
        status: 'completed',
        progress: 100,
        itemsProcessed: outcome.itemsProcessed,
        summary: outcome.summary as object,
        completedAt: now,
      });
      await this.deps.events.add(tx, 'task.run_completed', {
        ...base,
        items_processed: outcome.itemsProcessed,
        // The contract's summary is an open object; its generated type has no keys.
        summary: outcome.summary,
        completed_at: now.toISOString(),
      });
    });
  }

  private async fail(base: RunBase, error: unknown) {
    const known = error instanceof TaskError;
    if (!known) this.deps.log.error({ err: error, run_id: base.run_id }, 'task run failed');
    // Unexpected errors may carry internals (SQL, paths): the run shows a generic message.
    const message = known ? error.message : 'The task failed unexpectedly; see the catalog log.';
    const now = this.deps.clock();
    await this.deps.db.$transaction(async (tx) => {
      await moveRun(tx, base.run_id, 'running', {
        status: 'error',
        error: message,
        completedAt: now,
      });
      await this.deps.events.add(tx, 'task.run_failed', {
        ...base,
        error: message,
        error_code: known ? error.code : null,
        items_processed: null,
        summary: {},
        completed_at: now.toISOString(),
      });
    });
  }

  /**
   * Reports progress at least every 1000 items or on a new phase; a heartbeat repeats the
   * last report every 5 s through long set-based steps (domain.md 9).
   */
  private progressOf(base: RunBase): { report: Progress; stop: () => void } {
    let lastAt = 0;
    let lastItems = -PROGRESS_EVERY_ITEMS;
    let last: Parameters<Progress>[0] = { progress: 0, itemsProcessed: null, phase: null };
    const send = async (report: Parameters<Progress>[0]) => {
      lastAt = Date.now();
      lastItems = report.itemsProcessed ?? 0;
      last = report;
      const progress =
        report.progress === null ? null : Math.max(0, Math.min(100, report.progress));
      await this.deps.publisher
        .publish('task.run_progressed', {
          ...base,
          progress,
          items_processed: report.itemsProcessed,
          phase: report.phase,
        })
        // Progress is advisory: a broker hiccup must not fail the run.
        .catch((error: unknown) => this.deps.log.warn({ err: error }, 'progress not published'));
    };
    const heartbeat = setInterval(() => {
      if (Date.now() - lastAt >= PROGRESS_EVERY_MS) void send(last);
    }, PROGRESS_EVERY_MS);
    return {
      report: async (report) => {
        const due =
          Date.now() - lastAt >= PROGRESS_EVERY_MS ||
          (report.itemsProcessed ?? 0) - lastItems >= PROGRESS_EVERY_ITEMS ||
          report.phase !== last.phase;
        if (due) await send(report);
      },
      stop: () => clearInterval(heartbeat),
    };
  }
}

type RunBase = { run_id: number; task_id: CatalogTask; service: 'catalog' };
