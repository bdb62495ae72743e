import type { MessagePayload } from '@mcs/contracts';
import { JobQueue, runTaskJob, startJobWorker, TaskRuns, type Runtime } from '@mcs/kit';
import { type Db, SCHEMA } from '../db';
import { catalogJobs, type CatalogJobs } from './catalogue';

class NotCommittedYet extends Error {}

/**
 * The services the jobs call, narrowed to the methods used: the worker takes them as a
 * parameter, so jobs/ imports no feature (messaging/, which every feature imports, imports the
 * job catalogue for the command consumer).
 */
export interface JobHandlers {
  tasks: { execute(runId: number): Promise<boolean> };
  /** `unfinished` / `queued`: rows whose work may still lack a job. */
  executor: { execute(operationId: number): Promise<boolean>; unfinished(): Promise<number[]> };
  tags: { apply(messageId: string): Promise<boolean>; queued(): Promise<string[]> };
  inputs: {
    refresh(messageId: string, command: MessagePayload<'catalog.inputs.refresh'>): Promise<void>;
  };
  backfill: { run(since: Date | null): Promise<number> };
}

/** The catalog's job queue: the command consumer and the worker's requeue add to it. */
export function catalogQueue(runtime: Runtime): JobQueue<CatalogJobs> {
  return new JobQueue(catalogJobs, { redis: runtime.redis, prefix: runtime.config.redis.prefix });
}

/**
 * The catalog worker: every job of the catalogue has its handler here (start-up fails
 * otherwise). A job whose row is not visible yet (its command's transaction is still
 * committing) fails and is retried by BullMQ shortly after.
 */
export async function startCatalogWorker(
  runtime: Runtime,
  db: Db,
  queue: JobQueue<CatalogJobs>,
  services: JobHandlers,
  concurrency: number,
): Promise<void> {
  const options = { redis: runtime.redis, prefix: runtime.config.redis.prefix };
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
  await requeueUnfinished(db, queue, services);
}

/** The rows are the truth: work whose job was lost with Redis is queued again at start. */
async function requeueUnfinished(
  db: Db,
  queue: JobQueue<CatalogJobs>,
  services: JobHandlers,
): Promise<void> {
  for (const run of await new TaskRuns(SCHEMA).queued(db))
    await queue.enqueue('run_task', { run_id: run.runId }, runTaskJob(run));
  for (const id of await services.executor.unfinished())
    await queue.enqueue('execute_operation', { operation_id: id }, { jobId: `file-op-${id}` });
  for (const messageId of await services.tags.queued())
    await queue.enqueue('apply_tags', { message_id: messageId }, { jobId: `tags-${messageId}` });
}
