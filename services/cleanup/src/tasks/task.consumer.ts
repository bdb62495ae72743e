import {
  type JobQueue,
  messageConsumer,
  type ReceivedMessage,
  runTaskJob,
  type Runtime,
} from '@mcs/kit';
import type { Db, Tx } from '../db';
import { type CleanupJobs, taskRuns } from './worker';

/** The tasks cleanup owns (domain.md 9). */
type TaskRun =
  | 'task.run.scan_cleanup_candidates'
  | 'task.run.tag_cleanup_candidates'
  | 'task.run.delete_cleanup_candidates';

/**
 * Records each run the scheduler asks for in the consumer's transaction (the row is the truth)
 * and hands it to the job worker by id: a scan that takes a minute never runs inside a
 * message's transaction.
 */
export function taskConsumer(runtime: Runtime, db: Db, jobs: JobQueue<CleanupJobs>) {
  const runTask = async (message: ReceivedMessage<TaskRun>, tx: Tx) => {
    const { run_id, trigger } = message.payload;
    // The routing key names the task; the payload's task_id only repeats it.
    const taskId = message.name.slice('task.run.'.length);
    if (await taskRuns.accept(tx, { run_id, trigger, task_id: taskId }))
      await jobs.enqueue('run_task', { run_id }, runTaskJob({ runId: run_id, trigger }));
  };
  return messageConsumer(runtime, {
    name: 'tasks',
    db,
    handlers: {
      'task.run.scan_cleanup_candidates': runTask,
      'task.run.tag_cleanup_candidates': runTask,
      'task.run.delete_cleanup_candidates': runTask,
    },
  });
}
