import type { MessagePayload } from '@mcs/contracts';
import { ident, type SqlClient } from '../data/database';
import type { TaskOutcome } from './task';

type Command = MessagePayload<'task.run.sync_media'>;
type TaskId = Command['task_id'];

export interface RunRecord {
  runId: number;
  /** Written from a typed command, so it is one of the contract's task ids. */
  taskId: TaskId;
  trigger: Command['trigger'];
  status: 'queued' | 'running' | 'completed' | 'error';
}

/**
 * A service's side of the task runs it executes, in the `task_runs` table of its schema (the
 * scheduler owns the history). The run id makes a repeated command a no-op, and every move
 * starts from the expected status, so a redelivered job never runs or ends a run twice.
 */
export class TaskRuns {
  private readonly table: string;

  constructor(schema: string) {
    this.table = `${ident(schema)}.task_runs`;
  }

  /** Records a run the scheduler asked for; false when its id is already known (a repeat). */
  async accept(
    db: SqlClient,
    command: Pick<Command, 'run_id' | 'trigger'> & { task_id: string },
  ): Promise<boolean> {
    const inserted = await db.$executeRawUnsafe(
      `INSERT INTO ${this.table} (run_id, task_id, trigger, status) VALUES ($1, $2, $3, 'queued')
       ON CONFLICT (run_id) DO NOTHING`,
      command.run_id,
      command.task_id,
      command.trigger,
    );
    return inserted === 1;
  }

  async find(db: SqlClient, runId: number): Promise<RunRecord | null> {
    const rows = await db.$queryRawUnsafe<RunRow[]>(
      `SELECT run_id, task_id, trigger, status FROM ${this.table} WHERE run_id = $1`,
      runId,
    );
    return rows[0] ? toRecord(rows[0]) : null;
  }

  /** Runs whose job may have been lost with Redis: queued again at start. */
  async queued(db: SqlClient): Promise<RunRecord[]> {
    const rows = await db.$queryRawUnsafe<RunRow[]>(
      `SELECT run_id, task_id, trigger, status FROM ${this.table} WHERE status = 'queued'`,
    );
    return rows.map(toRecord);
  }

  start(db: SqlClient, runId: number, at: Date): Promise<boolean> {
    return this.move(db, runId, 'queued', `status = 'running', started_at = $2`, [at]);
  }

  complete(db: SqlClient, runId: number, outcome: TaskOutcome, at: Date): Promise<boolean> {
    return this.move(
      db,
      runId,
      'running',
      `status = 'completed', progress = 100, items_processed = $2, summary = $3::jsonb,
       completed_at = $4`,
      [outcome.itemsProcessed, JSON.stringify(outcome.summary), at],
    );
  }

  fail(db: SqlClient, runId: number, error: string, at: Date): Promise<boolean> {
    return this.move(db, runId, 'running', `status = 'error', error = $2, completed_at = $3`, [
      error,
      at,
    ]);
  }

  private async move(
    db: SqlClient,
    runId: number,
    from: RunRecord['status'],
    set: string,
    values: unknown[],
  ): Promise<boolean> {
    const moved = await db.$executeRawUnsafe(
      `UPDATE ${this.table} SET ${set} WHERE run_id = $1 AND status = '${from}'`,
      runId,
      ...values,
    );
    return moved === 1;
  }
}

interface RunRow {
  run_id: bigint | number;
  task_id: TaskId;
  trigger: RunRecord['trigger'];
  status: RunRecord['status'];
}

const toRecord = (row: RunRow): RunRecord => ({
  runId: Number(row.run_id),
  taskId: row.task_id,
  trigger: row.trigger,
  status: row.status,
});
