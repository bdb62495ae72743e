import type { ReceivedMessage } from '@mcs/kit';
import type { Tx } from '../db';
import { runRepository } from '../repositories/run.repository';

export const RUN_REPORTS = [
  'task.run_started',
  'task.run_progressed',
  'task.run_completed',
  'task.run_failed',
] as const;
type RunReportName = (typeof RUN_REPORTS)[number];
/** One report, its payload narrowed by its name. */
export type RunReport = { [K in RunReportName]: ReceivedMessage<K> }[RunReportName];

/**
 * A run moves on from its owner's reports (domain.md §9): started → running; progress,
 * items and phase while it runs; completed (progress 100) or error at the end. Every report is
 * also the run's heartbeat.
 */
export async function applyRunReport(tx: Tx, message: RunReport): Promise<void> {
  const at = message.occurredAt;
  switch (message.name) {
    case 'task.run_started': {
      const report = message.payload;
      await runRepository.report(tx, report.run_id, {
        status: 'running',
        startedAt: new Date(report.started_at),
        heartbeatAt: at,
      });
      return;
    }
    case 'task.run_progressed': {
      const report = message.payload;
      await runRepository.report(tx, report.run_id, {
        status: 'running',
        progress: report.progress,
        itemsProcessed: report.items_processed,
        phase: report.phase,
        heartbeatAt: at,
      });
      return;
    }
    case 'task.run_completed': {
      const report = message.payload;
      await runRepository.report(tx, report.run_id, {
        status: 'completed',
        progress: 100,
        itemsProcessed: report.items_processed,
        summary: report.summary,
        completedAt: new Date(report.completed_at),
        heartbeatAt: at,
      });
      return;
    }
    case 'task.run_failed': {
      const report = message.payload;
      await runRepository.report(tx, report.run_id, {
        status: 'error',
        error: report.error,
        itemsProcessed: report.items_processed,
        summary: report.summary,
        completedAt: new Date(report.completed_at),
        heartbeatAt: at,
      });
      return;
    }
  }
}
