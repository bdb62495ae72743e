import { purgeExpiredIdempotency } from '@mcs/kit';
import { SCHEMA, type Tx } from '../db';
import { runRepository } from './run.repository';

/** domain.md §9: run history is trimmed, yet at least this many runs of each task stay. */
export const RUNS_KEPT_PER_TASK = 200;

/** The scheduler's part of weekly_house_keeping: counts by kind for the run's summary. */
export async function purgeSchedulerData(tx: Tx): Promise<Record<string, number>> {
  return {
    task_runs_trimmed: await runRepository.trim(tx, RUNS_KEPT_PER_TASK),
    idempotency_records_purged: await purgeExpiredIdempotency(tx, SCHEMA),
  };
}
