import type { Clock, TaskOutcome } from '@mcs/kit';
import type { Db } from '../db';
import {
  deleteFinishedOperations,
  deleteOldTaskRuns,
  deleteResolvedAlerts,
} from './housekeeping.repository';

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
    const alerts = await deleteResolvedAlerts(db, cutoff);
    const operations = await deleteFinishedOperations(db, cutoff);
    const runs = await deleteOldTaskRuns(db);
    const removed = alerts + operations + runs;
    return {
      itemsProcessed: removed,
      summary: { alerts, file_operations: operations, task_runs: runs },
    };
  }
}
