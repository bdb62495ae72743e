import {
  messageConsumer,
  runTaskJob,
  TaskRuns,
  type JobQueue,
  type ReceivedMessage,
  type Runtime,
} from '@mcs/kit';
import type { MessagePayload } from '@mcs/contracts';
import { type Db, SCHEMA, type Tx } from '../db';
import type { CatalogJobs } from '../jobs/catalogue';

/**
 * The services the commands are handed to, narrowed to the methods used: the consumer takes
 * them as a parameter, so messaging/ (which every feature imports) imports no feature.
 */
export interface CommandHandlers {
  operations: {
    accept(tx: Tx, command: MessagePayload<'catalog.file_operation.execute'>): Promise<boolean>;
  };
  tags: {
    accept(
      tx: Tx,
      messageId: string,
      command: MessagePayload<'catalog.tags.apply'>,
    ): Promise<number>;
  };
  mainServer: { add(tx: Tx): Promise<void> };
  removals: { confirm(tx: Tx, command: MessagePayload<'catalog.removals.confirm'>): Promise<void> };
}

type TaskRun =
  | 'task.run.sync_media'
  | 'task.run.resync_media'
  | 'task.run.refresh_playback_history'
  | 'task.run.sync_requests'
  | 'task.run.weekly_house_keeping';

const runs = new TaskRuns(SCHEMA);

/**
 * The commands catalog executes: task runs, file operations, tags, projection backfills,
 * reports and confirmations of held removals. Each command is recorded in the consumer's
 * transaction (the row is the truth) and handed to the job worker by id: work that takes
 * minutes never runs inside a message's transaction.
 */
export function commandConsumer(
  runtime: Runtime,
  db: Db,
  jobs: JobQueue<CatalogJobs>,
  { operations, tags, mainServer, removals }: CommandHandlers,
) {
  const runTask = async (message: ReceivedMessage<TaskRun>, tx: Tx) => {
    const { run_id, trigger } = message.payload;
    // The routing key names the task; the payload's task_id only repeats it.
    const task = { ...message.payload, task_id: message.name.slice('task.run.'.length) };
    if (await runs.accept(tx, task))
      await jobs.enqueue('run_task', { run_id }, runTaskJob({ runId: run_id, trigger }));
  };
  return messageConsumer(runtime, {
    name: 'commands',
    db,
    handlers: {
      'task.run.sync_media': runTask,
      'task.run.resync_media': runTask,
      'task.run.refresh_playback_history': runTask,
      'task.run.sync_requests': runTask,
      'task.run.weekly_house_keeping': runTask,
      'catalog.file_operation.execute': async ({ payload }, tx) => {
        const id = payload.operation_id;
        if (await operations.accept(tx, payload))
          await jobs.enqueue('execute_operation', { operation_id: id }, { jobId: `file-op-${id}` });
      },
      'catalog.tags.apply': async ({ messageId, payload }, tx) => {
        if ((await tags.accept(tx, messageId, payload)) === 1)
          await jobs.enqueue(
            'apply_tags',
            { message_id: messageId },
            { jobId: `tags-${messageId}` },
          );
      },
      'catalog.media.backfill': async ({ messageId, payload }) => {
        await jobs.enqueue(
          'backfill',
          { since: payload.since },
          { jobId: `backfill-${messageId}` },
        );
      },
      // The command is a few words: the job carries it (no row to read back).
      'catalog.inputs.refresh': async ({ messageId, payload }) => {
        await jobs.enqueue(
          'refresh_inputs',
          { message_id: messageId, command: payload },
          { jobId: `inputs-${messageId}` },
        );
      },
      // A one-row read: answered in the message's transaction, with no job.
      'catalog.main_server.report': (_message, tx) => mainServer.add(tx),
      // Row updates and outbox entries only (no external call): done in the message's
      // transaction, so the removals, the cleared set and the answer commit together.
      'catalog.removals.confirm': (message, tx) => removals.confirm(tx, message.payload),
    },
  });
}
