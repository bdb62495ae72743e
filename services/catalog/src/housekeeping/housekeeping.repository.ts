import type { DbClient } from '../db';

/** Alerts resolved before `cutoff`. */
export async function deleteResolvedAlerts(db: DbClient, cutoff: Date): Promise<number> {
  const { count } = await db.alert.deleteMany({ where: { resolvedAt: { lt: cutoff } } });
  return count;
}

/** File operations that ended (succeeded, failed or canceled) before `cutoff`. */
export async function deleteFinishedOperations(db: DbClient, cutoff: Date): Promise<number> {
  const { count } = await db.fileOperation.deleteMany({
    where: { finishedAt: { lt: cutoff }, status: { in: ['succeeded', 'failed', 'canceled'] } },
  });
  return count;
}

/** catalog's copies of finished task runs beyond the 200 newest per task. */
export async function deleteOldTaskRuns(db: DbClient): Promise<number> {
  return db.$executeRaw`
      DELETE FROM task_runs WHERE run_id IN (
        SELECT run_id FROM (
          SELECT run_id, row_number() OVER (PARTITION BY task_id ORDER BY run_id DESC) AS n
            FROM task_runs WHERE status IN ('completed', 'error')) ranked
         WHERE n > 200)`;
}
