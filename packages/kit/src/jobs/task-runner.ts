import type { MessagePayload } from '@mcs/contracts';
import type { Database, SqlClient } from '../data/database';
import type { Outbox } from '../messaging/outbox';
import type { Logger } from '../logger';
import type { Publisher } from '../messaging/publisher';
import type { Clock } from '../time';
import type { Progress, TaskContext, TaskHandler, TaskOutcome } from './task';
import { TaskError } from './task-error';
import type { TaskRuns } from './task-runs';

type ServiceName = MessagePayload<'task.run_started'>['service'];
type TaskId = MessagePayload<'task.run_started'>['task_id'];
type RunBase = { run_id: number; task_id: TaskId; service: ServiceName };

const PROGRESS_EVERY_MS = 5000;
const PROGRESS_EVERY_ITEMS = 1000;

export interface TaskRunnerDeps<Tx extends SqlClient> {
  service: ServiceName;
  db: Database<Tx>;
  runs: TaskRuns;
  outbox: Outbox;
  publisher: Publisher;
  clock: Clock;
  log: Logger;
  handlers: Readonly<Partial<Record<TaskId, TaskHandler>>>;
  /** Wraps a handler, e.g. in a lock shared with the tasks that write the same data. */
  around?: (taskId: TaskId, work: () => Promise<TaskOutcome>) => Promise<TaskOutcome>;
}

/**
 * Run semantics of domain.md 9 on the owning service's side: a queued run starts once
 * (task.run_started), reports progress at least every 5 s or 1000 items
 * (task.run_progressed, straight to the broker), and ends completed or failed in the
 * transaction that records it (task.run_completed / task.run_failed through the outbox).
 */
export class TaskRunner<Tx extends SqlClient> {
  constructor(private readonly deps: TaskRunnerDeps<Tx>) {}

  /** Returns false when the run row is not there yet (the job retries shortly). */
  async execute(runId: number): Promise<boolean> {
    const { db, runs, outbox, clock, service } = this.deps;
    const row = await runs.find(db, runId);
    if (!row) return false;
    if (row.status !== 'queued') return true;
    const base: RunBase = { run_id: runId, task_id: row.taskId, service };
    const started = await db.$transaction(async (tx) => {
      const at = clock();
      if (!(await runs.start(tx, runId, at))) return false;
      await outbox.add(tx, 'task.run_started', { ...base, started_at: at.toISOString() });
      return true;
    });
    if (!started) return true;
    const progress = this.progressOf(base);
    const context: TaskContext = {
      runId,
      taskId: row.taskId,
      trigger: row.trigger,
      progress: progress.report,
    };
    const outcome = await this.run(row.taskId, context).then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    // No progress report may follow the run's end.
    progress.stop();
    if ('value' in outcome) await this.complete(base, outcome.value);
    else await this.fail(base, outcome.error);
    return true;
  }

  private async run(taskId: TaskId, context: TaskContext): Promise<TaskOutcome> {
    const handler = this.deps.handlers[taskId];
    if (!handler) throw new TaskError('unknown_task', `This service does not run ${taskId}.`);
    const work = () => handler(context);
    return this.deps.around ? this.deps.around(taskId, work) : work();
  }

  private async complete(base: RunBase, outcome: TaskOutcome) {
    const { db, runs, outbox, clock } = this.deps;
    const now = clock();
    await db.$transaction(async (tx) => {
      await runs.complete(tx, base.run_id, outcome, now);
      await outbox.add(tx, 'task.run_completed', {
        ...base,
        items_processed: outcome.itemsProcessed,
        // The contract's summary is an open object; its generated type has no keys.
        summary: outcome.summary,
        completed_at: now.toISOString(),
      });
    });
  }

  private async fail(base: RunBase, error: unknown) {
    const { db, runs, outbox, clock, log, service } = this.deps;
    const known = error instanceof TaskError;
    if (!known) log.error({ err: error, run_id: base.run_id }, 'task run failed');
    // Unexpected errors may carry internals (SQL, paths): the run shows a generic message.
    const message = known ? error.message : `The task failed unexpectedly; see the ${service} log.`;
    const now = clock();
    await db.$transaction(async (tx) => {
      await runs.fail(tx, base.run_id, message, now);
      await outbox.add(tx, 'task.run_failed', {
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
