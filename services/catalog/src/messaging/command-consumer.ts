import {
  Consumer,
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
 * The commands catalog executes: task runs, file operations, tags, projection backfills,
 * reports and confirmations of held removals.
 */
const MESSAGES = [
  'task.run.sync_media',
  'task.run.resync_media',
  'task.run.refresh_playback_history',
  'task.run.sync_requests',
  'task.run.weekly_house_keeping',
  'catalog.file_operation.execute',
  'catalog.media.backfill',
  'catalog.main_server.report',
  'catalog.tags.apply',
  'catalog.inputs.refresh',
  'catalog.removals.confirm',
] as const;

type Name = (typeof MESSAGES)[number];
type Received = { [K in Name]: ReceivedMessage<K> }[Name];

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

const runs = new TaskRuns(SCHEMA);

/**
 * Each command is recorded in the consumer's transaction (the row is the truth) and handed to
 * the job worker by id: work that takes minutes never runs inside a message's transaction.
 */
export function commandConsumer(
  runtime: Runtime,
  db: Db,
  jobs: JobQueue<CatalogJobs>,
  handlers: CommandHandlers,
): Consumer<Tx, Name> {
  return new Consumer<Tx, Name>(runtime.broker, runtime.names, runtime.log, {
    service: SCHEMA,
    name: 'commands',
    messages: MESSAGES,
    db,
    schema: SCHEMA,
    handler: (message, tx) => accept(message as Received, tx, jobs, handlers),
  });
}

async function accept(
  message: Received,
  tx: Tx,
  jobs: JobQueue<CatalogJobs>,
  { operations, tags, mainServer, removals }: CommandHandlers,
): Promise<void> {
  switch (message.name) {
    case 'catalog.tags.apply':
      if ((await tags.accept(tx, message.messageId, message.payload)) === 1)
        await jobs.enqueue(
          'apply_tags',
          { message_id: message.messageId },
          { jobId: `tags-${message.messageId}` },
        );
      return;
    case 'catalog.file_operation.execute': {
      const id = message.payload.operation_id;
      if (await operations.accept(tx, message.payload))
        await jobs.enqueue('execute_operation', { operation_id: id }, { jobId: `file-op-${id}` });
      return;
    }
    case 'catalog.media.backfill':
      await jobs.enqueue(
        'backfill',
        { since: message.payload.since },
        { jobId: `backfill-${message.messageId}` },
      );
      return;
    case 'catalog.inputs.refresh':
      // The command is a few words: the job carries it (no row to read back).
      await jobs.enqueue(
        'refresh_inputs',
        { message_id: message.messageId, command: message.payload },
        { jobId: `inputs-${message.messageId}` },
      );
      return;
    case 'catalog.main_server.report':
      // A one-row read: answered in the message's transaction, with no job.
      await mainServer.add(tx);
      return;
    case 'catalog.removals.confirm':
      // Row updates and outbox entries only (no external call): done in the message's
      // transaction, so the removals, the cleared set and the answer commit together.
      await removals.confirm(tx, message.payload);
      return;
    case 'task.run.sync_media':
    case 'task.run.resync_media':
    case 'task.run.refresh_playback_history':
    case 'task.run.sync_requests':
    case 'task.run.weekly_house_keeping':
      // The routing key names the task; the payload's task_id only repeats it.
      if (
        await runs.accept(tx, {
          ...message.payload,
          task_id: message.name.slice('task.run.'.length),
        })
      )
        await jobs.enqueue(
          'run_task',
          { run_id: message.payload.run_id },
          runTaskJob({ runId: message.payload.run_id, trigger: message.payload.trigger }),
        );
      return;
  }
}
