import { messageConsumer, type Runtime } from '@mcs/kit';
import type { Db } from '../db';
import { applyEnd, applyProgress, applyStart } from './run-report.service';

/** The owners' reports of their runs (task.run_*), each applied once (inbox), in one transaction. */
export function runReportsConsumer(runtime: Runtime, db: Db) {
  return messageConsumer(runtime, {
    name: 'run-reports',
    db,
    handlers: {
      'task.run_started': (message, tx) => applyStart(tx, message),
      'task.run_progressed': (message, tx) => applyProgress(tx, message),
      'task.run_completed': (message, tx) => applyEnd(tx, message),
      'task.run_failed': (message, tx) => applyEnd(tx, message),
    },
  });
}
