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
