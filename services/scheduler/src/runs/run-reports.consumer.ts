import type { Runtime } from '@mcs/kit';
import { schedulerConsumer } from '../consumer';
import type { Db } from '../db';
import { applyRunReport, RUN_REPORTS, type RunReport } from './run-report.service';

/** The owners' reports of their runs (task.run_*), each applied once (inbox), in one transaction. */
export function runReportsConsumer(runtime: Runtime, db: Db) {
  return schedulerConsumer(runtime, db, {
    name: 'run-reports',
    messages: RUN_REPORTS,
    // The consumer validated the payload against the contract of the message's own name.
    handler: (message, tx) => applyRunReport(tx, message as RunReport),
  });
}
