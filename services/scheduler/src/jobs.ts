import { defineJobs } from '@mcs/kit';

/** The scheduler's one job: a schedule of a task fired (its data names the task). */
export const schedulerJobs = defineJobs('scheduler', {
  fire_task: {
    parse: (data: unknown) => {
      const taskId = (data as { task_id?: unknown } | null)?.task_id;
      if (typeof taskId !== 'string') throw new Error('fire_task needs a task_id');
      return { task_id: taskId };
    },
    // A missed fire is not retried: the next due time comes anyway, and a late duplicate
    // would only be skipped by the one-active-run rule.
    attempts: 1,
    backoff: { type: 'fixed', delay: 1000 },
    timeoutMs: 30_000,
  },
});

export type SchedulerJobs = typeof schedulerJobs.jobs;
