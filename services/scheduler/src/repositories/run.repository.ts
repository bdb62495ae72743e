import { limitOffset, type Paging } from '@mcs/kit';
import type { DbClient } from '../db';
import type { TaskRun } from '../generated/prisma/client';
import type { RunTrigger } from '../domain/task-state';

export type RunRow = TaskRun;

const ACTIVE = ['queued', 'running'];

// A type, not an interface: Prisma's JSON input needs the implicit index signature.
export type RequestedBy = { type: 'user' | 'api_token'; id: number };

/** Task runs: queued by triggers, moved on by their owner's events. */
export const runRepository = {
  async active(db: DbClient, taskId: string): Promise<RunRow | null> {
    return db.taskRun.findFirst({ where: { taskId, status: { in: ACTIVE } } });
  },

  /** The newest run of every task that has one. */
  async latestPerTask(db: DbClient): Promise<Map<string, RunRow>> {
    const rows = await db.$queryRaw<RunRow[]>`
      SELECT DISTINCT ON (task_id) id, task_id AS "taskId", status, trigger,
             requested_by AS "requestedBy", progress, phase, items_processed AS "itemsProcessed",
             summary, error, created_at AS "createdAt", started_at AS "startedAt",
             completed_at AS "completedAt", heartbeat_at AS "heartbeatAt"
        FROM task_runs ORDER BY task_id, created_at DESC, id DESC`;
    return new Map(rows.map((row) => [row.taskId, row]));
  },

  /** `completed_at` of the newest finished run of every task that has one. */
  async lastFinishedPerTask(db: DbClient): Promise<Map<string, Date>> {
    const rows = await db.$queryRaw<{ task_id: string; completed_at: Date }[]>`
      SELECT task_id, max(completed_at) AS completed_at
        FROM task_runs WHERE completed_at IS NOT NULL GROUP BY task_id`;
    return new Map(rows.map((row) => [row.task_id, row.completed_at]));
  },

  async queue(
    db: DbClient,
    run: { taskId: string; trigger: RunTrigger; requestedBy: RequestedBy | null },
  ): Promise<RunRow> {
    return db.taskRun.create({
      data: {
        taskId: run.taskId,
        status: 'queued',
        trigger: run.trigger,
        requestedBy: run.requestedBy ?? undefined,
      },
    });
  },

  async page(db: DbClient, taskId: string, paging: Paging): Promise<[RunRow[], number]> {
    const { limit, offset } = limitOffset(paging);
    return Promise.all([
      db.taskRun.findMany({
        where: { taskId },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: limit,
        skip: offset,
      }),
      db.taskRun.count({ where: { taskId } }),
    ]);
  },

  /**
   * Ends as `error` every running run whose owner has not reported since `silentSince`: its
   * worker died (domain.md §9). Returns how many.
   */
  async endSilent(db: DbClient, silentSince: Date, now: Date): Promise<number> {
    return db.$executeRaw`
      UPDATE task_runs
         SET status = 'error', error = 'Interrupted by service restart', completed_at = ${now}
       WHERE status = 'running' AND coalesce(heartbeat_at, started_at, created_at) < ${silentSince}`;
  },

  /**
   * Applies an owner's report to a run that is still active; a report for a finished run (a
   * duplicate, or one that arrived after the sweeper ended the run) changes nothing.
   */
  async report(
    db: DbClient,
    runId: number,
    change: Partial<Pick<RunRow, 'status' | 'progress' | 'phase' | 'itemsProcessed' | 'error'>> & {
      summary?: object;
      startedAt?: Date;
      completedAt?: Date;
      heartbeatAt: Date;
    },
  ): Promise<void> {
    const { summary, ...rest } = change;
    await db.taskRun.updateMany({
      where: { id: runId, status: { in: ACTIVE } },
      data: { ...rest, ...(summary === undefined ? {} : { summary }) },
    });
  },
};
