import { Consumer, type Runtime } from '@mcs/kit';
import { SCHEMA, type Db } from '../db';
import { applyRunReport, RUN_REPORTS, type RunReport } from '../services/run-report.service';

/** The owners' reports of their runs (task.run_*), each applied once (inbox), in one transaction. */
export function runReportsConsumer(runtime: Runtime, db: Db) {
  return new Consumer(runtime.broker, runtime.names, runtime.log, {
    service: SCHEMA,
    name: 'run-reports',
    messages: RUN_REPORTS,
    db,
    schema: SCHEMA,
    // The consumer validated the payload against the contract of the message's own name.
    handler: (message, tx) => applyRunReport(tx, message as RunReport),
  });
}
