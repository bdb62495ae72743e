import { JobQueue, runTaskJob, startJobWorker, TaskRuns, type Runtime } from '@mcs/kit';
import type { Services } from '../app';
import { type Db, SCHEMA } from '../db';
import { unfinishedOperationIds } from '../operations/file-operation.repository';
import { catalogJobs, type CatalogJobs } from './catalogue';

class NotCommittedYet extends Error {}

/**
 * The catalog worker: every job of the catalogue has its handler here (start-up fails
 * otherwise). A job whose row is not visible yet (its command's transaction is still
 * committing) fails and is retried by BullMQ shortly after.
 */
export async function startCatalogWorker(
  runtime: Runtime,
  db: Db,
  services: Services,
  concurrency: number,
): Promise<JobQueue<CatalogJobs>> {
  const options = { redis: runtime.redis, prefix: runtime.config.redis.prefix };
  const queue = new JobQueue(catalogJobs, options);
  const worker = startJobWorker(
    catalogJobs,
    {
      run_task: async ({ run_id }) => {
        if (!(await services.tasks.execute(run_id))) throw new NotCommittedYet(`run ${run_id}`);
      },
      execute_operation: async ({ operation_id }) => {
        if (!(await services.executor.execute(operation_id)))
          throw new NotCommittedYet(`operation ${operation_id}`);
      },
      apply_tags: async ({ message_id }) => {
        if (!(await services.tags.apply(message_id)))
          throw new NotCommittedYet(`tags ${message_id}`);
      },
      refresh_inputs: ({ message_id, command }) => services.inputs.refresh(message_id, command),
      backfill: async ({ since }) => services.backfill.run(since === null ? null : new Date(since)),
    },
    { ...options, log: runtime.log, concurrency },
  );
  runtime.onStop({ name: 'job worker', close: () => worker.close() });
  runtime.onStop({ name: 'job queue', close: () => queue.close() });
  await requeueUnfinished(db, queue);
  return queue;
}

/** The rows are the truth: work whose job was lost with Redis is queued again at start. */
async function requeueUnfinished(db: Db, queue: JobQueue<CatalogJobs>): Promise<void> {
  for (const run of await new TaskRuns(SCHEMA).queued(db))
    await queue.enqueue('run_task', { run_id: run.runId }, runTaskJob(run));
  for (const id of await unfinishedOperationIds(db))
    await queue.enqueue('execute_operation', { operation_id: id }, { jobId: `file-op-${id}` });
  const tags = await db.tagCommand.findMany({
    where: { status: 'queued' },
    select: { messageId: true },
  });
  for (const { messageId } of tags)
    await queue.enqueue('apply_tags', { message_id: messageId }, { jobId: `tags-${messageId}` });
}
