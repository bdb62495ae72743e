import type { Clock, TaskOutcome } from '@mcs/kit';
import type { Db } from '../db';

const DAY_MS = 86_400_000;

/**
 * catalog's part of weekly_house_keeping (domain.md 9): resolved alerts older than 90 days,
 * finished file operations older than 90 days, and its copies of task runs beyond the 200
 * newest per task.
 */
export class HousekeepingService {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  async run(): Promise<TaskOutcome> {
    const { db } = this.deps;
    const cutoff = new Date(this.deps.clock().getTime() - 90 * DAY_MS);
    const alerts = await db.alert.deleteMany({ where: { resolvedAt: { lt: cutoff } } });
    const operations = await db.fileOperation.deleteMany({
      where: { finishedAt: { lt: cutoff }, status: { in: ['succeeded', 'failed', 'canceled'] } },
    });
    const runs = await db.$executeRaw`
      DELETE FROM task_runs WHERE run_id IN (
        SELECT run_id FROM (
          SELECT run_id, row_number() OVER (PARTITION BY task_id ORDER BY run_id DESC) AS n
            FROM task_runs WHERE status IN ('completed', 'error')) ranked
         WHERE n > 200)`;
    const removed = alerts.count + operations.count + runs;
    return {
      itemsProcessed: removed,
      summary: { alerts: alerts.count, file_operations: operations.count, task_runs: runs },
    };
  }
}
