import type { ReceivedMessage } from '@mcs/kit';
import type { Tx } from '../db';
import { runOutcome, type RunPart } from '../domain/run-outcome';
import { participantsOf, taskById } from '../domain/task-catalogue';
import { runRepository } from './run.repository';

type EndReport = ReceivedMessage<'task.run_completed'> | ReceivedMessage<'task.run_failed'>;

/*
 * A run moves on from its participants' reports (domain.md §9): started → running; progress,
 * items and phase while it runs; completed (progress 100) or error once every participant has
 * reported its end. Every report is also the run's heartbeat (its occurredAt).
 */

/** A participant started: the run is running. */
export async function applyStart(tx: Tx, message: ReceivedMessage<'task.run_started'>) {
  const report = message.payload;
  await runRepository.start(tx, report.run_id, new Date(report.started_at), message.occurredAt);
}

/** Progress, items and phase while the run is active. */
export async function applyProgress(tx: Tx, message: ReceivedMessage<'task.run_progressed'>) {
  const report = message.payload;
  await runRepository.report(tx, report.run_id, {
    status: 'running',
    progress: report.progress,
    itemsProcessed: report.items_processed,
    phase: report.phase,
    heartbeatAt: message.occurredAt,
  });
}

/** One participant's end; the run ends with the last one (serialised by the run's row lock). */
export async function applyEnd(tx: Tx, message: EndReport): Promise<void> {
  const report = message.payload;
  const run = await runRepository.lockActive(tx, report.run_id);
  const definition = run && taskById(run.taskId);
  if (!definition) return; // finished already (duplicate, or ended by the sweeper)
  await runRepository.recordPart(tx, report.run_id, partOf(message));
  const outcome = runOutcome(
    participantsOf(definition),
    await runRepository.parts(tx, report.run_id),
  );
  if (outcome.kind === 'waiting') {
    await runRepository.report(tx, report.run_id, {
      status: 'running',
      progress: outcome.progress,
      heartbeatAt: message.occurredAt,
    });
    return;
  }
  await runRepository.report(tx, report.run_id, {
    status: outcome.kind,
    progress: outcome.kind === 'completed' ? 100 : undefined,
    itemsProcessed: outcome.itemsProcessed,
    summary: outcome.summary,
    error: outcome.error,
    completedAt: outcome.completedAt,
    heartbeatAt: message.occurredAt,
  });
}

function partOf(message: EndReport): RunPart {
  const report = message.payload;
  return {
    service: report.service,
    status: message.name === 'task.run_completed' ? 'completed' : 'error',
    itemsProcessed: report.items_processed,
    summary: report.summary,
    error: message.name === 'task.run_failed' ? message.payload.error : null,
    completedAt: new Date(report.completed_at),
  };
}
