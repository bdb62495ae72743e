import { defineJobs } from '@mcs/kit';

/** The scheduler's one job: a schedule of a task fired (its data names the task). */
export const schedulerJobs = defineJobs('scheduler', {
  fire_task: {
    parse: (data: unknown) => {
      const taskId = (data as { task_id?: unknown } | null)?.task_id;
      if (typeof taskId !== 'string') throw new Error('fire_task needs a task_id');
      return { task_id: taskId };
    },
    // A fire that failed (e.g. no database connection free while a replica starts) is tried
    // again: it committed nothing, the job id stays the due time's, and a retry that finds the
    // run it queued (or another) active is skipped by the one-active-run rule. Without it a
    // 6-hour task would wait a whole interval (bench/scheduler).
    attempts: 4,
    backoff: { type: 'exponential', delay: 1000 },
    timeoutMs: 30_000,
  },
});

export type SchedulerJobs = typeof schedulerJobs.jobs;
