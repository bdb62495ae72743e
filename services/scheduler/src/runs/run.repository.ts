import { limitOffset, type Paging } from '@mcs/kit';
import type { DbClient } from '../db';
import { Prisma, type TaskRun } from '../generated/prisma/client';
import type { RunPart } from '../domain/run-outcome';
import { TASKS } from '../domain/task-catalogue';
import type { RunStatus, RunTrigger } from '../domain/task-state';

export type RunRow = TaskRun;

const ACTIVE = ['queued', 'running'];

/**
 * The catalogue's tasks: the per-task reads below look up each one's newest run by index
 * instead of sorting every run ever recorded (the task list is read on every Tasks page).
 */
const TASK_IDS = TASKS.map((task) => task.id);

/** A run row as Prisma's model names its fields, for raw queries. */
const COLUMNS = Prisma.sql`id, task_id AS "taskId", status, trigger, requested_by AS "requestedBy",
  progress, phase, items_processed AS "itemsProcessed", summary, error, created_at AS "createdAt",
  started_at AS "startedAt", completed_at AS "completedAt", heartbeat_at AS "heartbeatAt"`;

export interface RunFilter {
  taskId?: string;
  status?: RunStatus;
  trigger?: RunTrigger;
}

// A type, not an interface: Prisma's JSON input needs the implicit index signature.
export type RequestedBy = { type: 'user' | 'api_token'; id: number };

/** Task runs: queued by triggers, moved on by their owner's events. */
export const runRepository = {
  async byId(db: DbClient, runId: number): Promise<RunRow | null> {
    return db.taskRun.findUnique({ where: { id: BigInt(runId) } });
  },

  async active(db: DbClient, taskId: string): Promise<RunRow | null> {
    return db.taskRun.findFirst({ where: { taskId, status: { in: ACTIVE } } });
  },

  /** The newest run of every task that has one. */
  async latestPerTask(db: DbClient): Promise<Map<string, RunRow>> {
    const rows = await db.$queryRaw<RunRow[]>`
      SELECT r.* FROM unnest(${TASK_IDS}::text[]) AS t(task_id)
       CROSS JOIN LATERAL (SELECT ${COLUMNS} FROM task_runs
                            WHERE task_id = t.task_id
                            ORDER BY created_at DESC, id DESC LIMIT 1) r`;
    return new Map(rows.map((row) => [row.taskId, row]));
  },

  /** The run that finished last, of every task that has one. */
  async lastFinishedPerTask(db: DbClient): Promise<Map<string, RunRow>> {
    const rows = await db.$queryRaw<RunRow[]>`
      SELECT r.* FROM unnest(${TASK_IDS}::text[]) AS t(task_id)
       CROSS JOIN LATERAL (SELECT ${COLUMNS} FROM task_runs
                            WHERE task_id = t.task_id AND completed_at IS NOT NULL
                            ORDER BY completed_at DESC, id DESC LIMIT 1) r`;
    return new Map(rows.map((row) => [row.taskId, row]));
  },

  /** Runs of every task (or the filter's), newest first. */
  async history(db: DbClient, filter: RunFilter, paging: Paging): Promise<[RunRow[], number]> {
    const { limit, offset } = limitOffset(paging);
    const where = { taskId: filter.taskId, status: filter.status, trigger: filter.trigger };
    return Promise.all([
      db.taskRun.findMany({
        where,
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: limit,
        skip: offset,
      }),
      db.taskRun.count({ where }),
    ]);
  },

  async queue(
    db: DbClient,
    run: {
      taskId: string;
      trigger: RunTrigger;
      requestedBy: RequestedBy | null;
      fireKey?: string;
    },
  ): Promise<RunRow> {
    return db.taskRun.create({
      data: {
        taskId: run.taskId,
        status: 'queued',
        trigger: run.trigger,
        requestedBy: run.requestedBy ?? undefined,
        fireKey: run.fireKey,
      },
    });
  },

  /** Whether a run was already queued for this due time of a schedule. */
  async fired(db: DbClient, fireKey: string): Promise<boolean> {
    return (await db.taskRun.count({ where: { fireKey } })) > 0;
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
   * A participant started: an active run is running from the first start on. Reports are
   * applied concurrently, so a start may come after the run's end: it still records when the
   * run started, and changes nothing else.
   */
  async start(db: DbClient, runId: number, startedAt: Date, heartbeatAt: Date): Promise<void> {
    await db.$executeRaw`
      UPDATE task_runs
         SET started_at = coalesce(started_at, ${startedAt}),
             status = CASE WHEN status IN ('queued', 'running') THEN 'running' ELSE status END,
             heartbeat_at = CASE WHEN status IN ('queued', 'running') THEN ${heartbeatAt}
                                 ELSE heartbeat_at END
       WHERE id = ${runId}`;
  },

  /**
   * Applies a report to a run that is still active; a report for a finished run (a duplicate,
   * or one that arrived after the sweeper ended the run) changes nothing.
   */
  async report(
    db: DbClient,
    runId: number,
    change: Partial<Pick<RunRow, 'status' | 'progress' | 'phase' | 'itemsProcessed' | 'error'>> & {
      summary?: object;
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

  /** Locks an active run for a participant's end; null when it has finished already. */
  async lockActive(db: DbClient, runId: number): Promise<{ taskId: string } | null> {
    const [row] = await db.$queryRaw<{ taskId: string }[]>`
      SELECT task_id AS "taskId" FROM task_runs
       WHERE id = ${runId} AND status IN ('queued', 'running') FOR UPDATE`;
    return row ?? null;
  },

  /** Records a participant's end once (a redelivered report changes nothing). */
  async recordPart(db: DbClient, runId: number, part: RunPart): Promise<void> {
    await db.$executeRaw`
      INSERT INTO task_run_parts
             (run_id, service, status, items_processed, summary, error, completed_at)
      VALUES (${runId}, ${part.service}, ${part.status}, ${part.itemsProcessed},
              ${JSON.stringify(part.summary)}::jsonb, ${part.error}, ${part.completedAt})
      ON CONFLICT (run_id, service) DO NOTHING`;
  },

  async parts(db: DbClient, runId: number): Promise<RunPart[]> {
    const rows = await db.taskRunPart.findMany({ where: { runId } });
    return rows.map((row) => ({
      service: row.service,
      status: row.status as RunPart['status'],
      itemsProcessed: row.itemsProcessed,
      summary: row.summary as RunPart['summary'],
      error: row.error,
      completedAt: row.completedAt,
    }));
  },

  /**
   * Keeps the newest `keep` finished runs of every task and deletes older ones (their parts
   * go with them). Returns how many were deleted.
   */
  async trim(db: DbClient, keep: number): Promise<number> {
    return db.$executeRaw`
      DELETE FROM task_runs r
       USING (SELECT id, row_number() OVER (PARTITION BY task_id
                                             ORDER BY created_at DESC, id DESC) AS rank
                FROM task_runs WHERE status IN ('completed', 'error')) ranked
       WHERE r.id = ranked.id AND ranked.rank > ${keep}`;
  },
};
