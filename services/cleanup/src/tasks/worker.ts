import {
  defineJobs,
  JobQueue,
  RUN_TASK_JOB,
  runTaskJob,
  startJobWorker,
  TaskRuns,
  type Runtime,
  type TaskRunner,
} from '@mcs/kit';
import { type Db, SCHEMA, type Tx } from '../db';

/** The cleanup worker's job catalogue (STYLE 5): task runs, by run id. */
export const cleanupJobs = defineJobs('cleanup', { run_task: RUN_TASK_JOB });
export type CleanupJobs = (typeof cleanupJobs)['jobs'];

export const taskRuns = new TaskRuns(SCHEMA);

class NotCommittedYet extends Error {}

/**
 * Runs cleanup's tasks. A job whose run row is not visible yet (its command's transaction is
 * still committing) fails and BullMQ retries it shortly; runs whose job was lost with Redis are
 * queued again at start (the rows are the truth).
 */
export async function startCleanupWorker(
  runtime: Runtime,
  db: Db,
  queue: JobQueue<CleanupJobs>,
  tasks: TaskRunner<Tx>,
): Promise<void> {
  const options = { redis: runtime.redis, prefix: runtime.config.redis.prefix };
  const worker = startJobWorker(
    cleanupJobs,
    {
      run_task: async ({ run_id }) => {
        if (!(await tasks.execute(run_id))) throw new NotCommittedYet(`run ${run_id}`);
      },
    },
    { ...options, log: runtime.log, concurrency: 2 },
  );
  runtime.onStop({ name: 'job worker', close: () => worker.close() });
  for (const run of await taskRuns.queued(db))
    await queue.enqueue('run_task', { run_id: run.runId }, runTaskJob(run));
}
