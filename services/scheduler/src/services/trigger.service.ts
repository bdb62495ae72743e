import type { ExternalApi } from '@mcs/contracts';
import {
  Conflict,
  runIdempotent,
  ServiceUnavailable,
  type IdempotencyScope,
  type Outbox,
} from '@mcs/kit';
import { SCHEMA, type Db, type Tx } from '../db';
import { commandOf, taskById, type TaskDefinition } from '../domain/task-catalogue';
import { decideTrigger, taskState, type RunTrigger } from '../domain/task-state';
import { runRepository, type RequestedBy } from '../repositories/run.repository';
import { taskRepository } from '../repositories/task.repository';
import { known } from './task.service';

type TriggerResponse = ExternalApi.components['schemas']['TaskRunTriggerResponse'];

export interface TriggerRequest {
  taskId: string;
  trigger: RunTrigger;
  requestedBy: RequestedBy | null;
  idempotency?: IdempotencyScope;
}

/**
 * Starting a run (domain.md §9): one transaction per trigger, serialised per task, that
 * queues the run and its command to the owning service (outbox) — or answers with the run
 * already active, or refuses a disabled task or one that needs a main server.
 */
export class TriggerService {
  constructor(private readonly deps: { db: Db; outbox: Outbox }) {}

  async trigger(request: TriggerRequest) {
    const definition = known(request.taskId);
    return this.deps.db.$transaction((tx) =>
      runIdempotent(tx, SCHEMA, request.idempotency, () => this.decide(tx, definition, request)),
    );
  }

  /**
   * A schedule fired: queue a run unless the task is disabled, cannot run or already has an
   * active run, in which case the fire is skipped without a row (domain.md §9). Returns the
   * queued run's id.
   */
  async fire(taskId: string): Promise<number | null> {
    const definition = taskById(taskId);
    if (!definition) return null;
    return this.deps.db.$transaction(async (tx) => {
      const decision = await this.decision(tx, definition);
      if (decision.kind !== 'queue') return null;
      return this.queue(tx, definition, { trigger: 'schedule', requestedBy: null });
    });
  }

  private async decide(tx: Tx, definition: TaskDefinition, request: TriggerRequest) {
    const taskId = definition.id;
    const decision = await this.decision(tx, definition);
    switch (decision.kind) {
      case 'task_disabled':
        throw new Conflict('task_disabled', `Task ${taskId} is disabled.`);
      case 'main_server_required':
        throw new Conflict(
          'main_server_required',
          `Task ${taskId} needs a main media server, and none is configured.`,
        );
      case 'not_executable':
        throw new ServiceUnavailable(
          'service_unavailable',
          `Task ${taskId} runs in the ${definition.owner} service, which does not run it yet.`,
          3600,
        );
      case 'already_active':
        return { status: 200, body: answer(taskId, decision.runId, false) };
      case 'queue': {
        const runId = await this.queue(tx, definition, request);
        return { status: 202, body: answer(taskId, runId, true) };
      }
    }
  }

  /** Reads what the decision needs, with triggers of one task taking turns. */
  private async decision(tx: Tx, definition: TaskDefinition) {
    // The unique index of active runs is the last guard; the lock makes the answer exact.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`scheduler.trigger.${definition.id}`}))`;
    const settings = await taskRepository.settingsOf(tx, definition.id);
    const hasMainServer = await taskRepository.hasMainServer(tx);
    const active = await runRepository.active(tx, definition.id);
    return decideTrigger(
      taskState(definition, settings),
      hasMainServer,
      active ? Number(active.id) : undefined,
    );
  }

  /** The run row and its command to the owner, in the trigger's transaction. */
  private async queue(
    tx: Tx,
    definition: TaskDefinition,
    request: Pick<TriggerRequest, 'trigger' | 'requestedBy'>,
  ): Promise<number> {
    const { trigger, requestedBy } = request;
    const run = await runRepository.queue(tx, { taskId: definition.id, trigger, requestedBy });
    const runId = Number(run.id);
    await this.deps.outbox.add(tx, commandOf(definition.id), {
      run_id: runId,
      task_id: definition.id,
      trigger,
      requested_by: requestedBy,
    });
    return runId;
  }
}

function answer(taskId: string, runId: number, queued: boolean): TriggerResponse {
  return { task_id: taskId, run_id: runId, job_id: runId, queued, already_active: !queued };
}
