import type { MessagePayload } from '@mcs/contracts';
import type { Prisma } from '../generated/prisma/client';
import type { DbClient } from '../db';

export type RunStatus = 'queued' | 'running' | 'completed' | 'error';
type Command = MessagePayload<'task.run.sync_media'>;

/** Records a run the scheduler asked for; false when its id is already known (a repeat). */
export async function acceptRun(db: DbClient, command: Command): Promise<boolean> {
  const inserted = await db.$executeRaw`
    INSERT INTO task_runs (run_id, task_id, trigger, status)
    VALUES (${command.run_id}, ${command.task_id}, ${command.trigger}, 'queued')
    ON CONFLICT (run_id) DO NOTHING`;
  return inserted === 1;
}

export async function findRun(db: DbClient, runId: number) {
  return db.taskRun.findUnique({ where: { runId: BigInt(runId) } });
}

/** Moves a run on only from the expected status (a redelivered job never runs it twice). */
export async function moveRun(
  db: DbClient,
  runId: number,
  from: RunStatus,
  data: Prisma.TaskRunUpdateManyMutationInput & { status: RunStatus },
): Promise<boolean> {
  const { count } = await db.taskRun.updateMany({
    where: { runId: BigInt(runId), status: from },
    data,
  });
  return count === 1;
}

export async function queuedRuns(db: DbClient): Promise<{ runId: number; trigger: string }[]> {
  const rows = await db.taskRun.findMany({
    where: { status: 'queued' },
    select: { runId: true, trigger: true },
  });
  return rows.map((row) => ({ runId: Number(row.runId), trigger: row.trigger }));
}
