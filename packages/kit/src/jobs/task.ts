/**
 * What a task handler receives and returns, in every service that runs tasks (domain.md 9):
 * the owning service's runner records the run and its events; the handler does the work.
 */

/** What a task handler reports while it runs (at least every 5 s or 1000 items). */
export type Progress = (report: {
  progress: number | null;
  itemsProcessed: number | null;
  phase: string | null;
}) => Promise<void>;

export interface TaskContext {
  runId: number;
  taskId: string;
  /** As the TaskRunCommand that started the run says. */
  trigger: 'schedule' | 'manual' | 'api';
  progress: Progress;
}

export interface TaskOutcome {
  itemsProcessed: number | null;
  summary: Record<string, unknown>;
}

export type TaskHandler = (context: TaskContext) => Promise<TaskOutcome>;

/**
 * Where a task run's job goes in its owner's queue: manual and API runs ahead of scheduled
 * ones (domain.md §9). BullMQ serves jobs without a priority before any prioritised job, so
 * only scheduled runs get one. The job id is the run's, so a repeated command adds nothing.
 */
export function runTaskJob(run: { runId: number; trigger: string }) {
  return {
    jobId: `task-run-${run.runId}`,
    priority: run.trigger === 'schedule' ? SCHEDULED_RUN_PRIORITY : undefined,
  };
}

const SCHEDULED_RUN_PRIORITY = 10;

/**
 * The job that executes a task run, in the catalogue of every service that runs tasks. It
 * carries the run id only; the service's task_runs row is the truth. The command consumer
 * enqueues it inside the transaction that writes the row, and the worker usually picks it up
 * before that commit: the first retry comes 50 ms later, doubling from there (≈ 50 s over 10
 * attempts). A fixed 500 ms made every task start half a second late (bench/catalog-sync).
 */
export const RUN_TASK_JOB = {
  parse: (data: unknown): { run_id: number } => {
    const runId = typeof data === 'object' && data !== null && 'run_id' in data && data.run_id;
    if (typeof runId !== 'number' || !Number.isSafeInteger(runId) || runId < 1)
      throw new Error('run_id must be a positive integer.');
    return { run_id: runId };
  },
  attempts: 10,
  backoff: { type: 'exponential' as const, delay: 50 },
  timeoutMs: 4 * 3600_000,
};
