/** What a task handler reports while it runs (domain.md 9: at least every 5 s or 1000 items). */
export type Progress = (report: {
  progress: number | null;
  itemsProcessed: number | null;
  phase: string | null;
}) => Promise<void>;

export interface TaskContext {
  runId: number;
  taskId: string;
  trigger: 'schedule' | 'manual' | 'api';
  progress: Progress;
}

export interface TaskOutcome {
  itemsProcessed: number | null;
  summary: Record<string, unknown>;
}
