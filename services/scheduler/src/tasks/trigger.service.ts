import {
  Conflict,
  runIdempotent,
  UnprocessableMessage,
  type IdempotencyScope,
  type Outbox,
} from '@mcs/kit';
import type { MessagePayload } from '@mcs/contracts';
import { SCHEMA, type Db, type Tx } from '../db';
import { commandOf, knownTask, taskById, type TaskDefinition } from '../domain/task-catalogue';
import {
  decideTrigger,
  taskState,
  type ActiveRun,
  type RunTrigger,
  type Started,
  type TriggerDecision,
} from '../domain/task-state';
import { mainServerRepository } from '../main-server/main-server.repository';
import { runRepository, type RequestedBy } from '../runs/run.repository';
import { taskRepository } from './task.repository';
import { queuedAnswer, triggerAnswer } from './trigger.view';

export interface TriggerRequest {
  taskId: string;
  trigger: RunTrigger;
  requestedBy: RequestedBy | null;
  idempotency?: IdempotencyScope;
}

type StartRequest = Pick<TriggerRequest, 'trigger' | 'requestedBy'>;

/** Why a trigger queued nothing: a route answers 409, a command (no one to answer) only says so. */
export type Refused = {
  refused: Extract<TriggerDecision['kind'], 'task_disabled' | 'main_server_required'>;
};

/** A user's manual run, whether the user asked the scheduler or another service asked for them. */
const manualBy = (userId: number): StartRequest => ({
  trigger: 'manual',
  requestedBy: { type: 'user', id: userId },
});

/**
 * Starting a run (domain.md §9): one transaction per trigger, serialised per task, that
 * queues the run and its command to the owning service (outbox) — or answers with the run
 * already active, or refuses a disabled task or one that needs a main server.
 */
export class TriggerService {
  constructor(private readonly deps: { db: Db; outbox: Outbox }) {}

  /** POST /api/v1/tasks/{id}/run: idempotent, answered in the external shape. */
  async trigger(request: TriggerRequest) {
    const definition = knownTask(request.taskId);
    return this.deps.db.$transaction((tx) =>
      runIdempotent(tx, SCHEMA, request.idempotency, async () => {
        const started = await this.start(tx, definition, request);
        return { status: started.queued ? 202 : 200, body: triggerAnswer(started) };
      }),
    );
  }

  /** POST /api/tasks/tasks/{id}/run: a user's manual run, answered as queued work. */
  async runManually(taskId: string, userId: number) {
    const definition = knownTask(taskId);
    const started = await this.deps.db.$transaction((tx) =>
      this.start(tx, definition, manualBy(userId)),
    );
    return { status: started.queued ? 202 : 200, body: queuedAnswer(started) };
  }

  /**
   * scheduler.task.trigger (decision 016): another service asks for a manual run by a user,
   * in the consumer's transaction. Nothing is answered, so a refusal is returned, not thrown;
   * a task outside the catalogue can never run and makes the command unprocessable.
   */
  async runOnCommand(
    tx: Tx,
    command: MessagePayload<'scheduler.task.trigger'>,
  ): Promise<Started | Refused> {
    const definition = taskById(command.task_id);
    if (!definition) throw new UnprocessableMessage(`unknown task ${command.task_id}`);
    return this.attempt(tx, definition, manualBy(command.requested_by_user_id));
  }

  /**
   * A schedule fired for one due time (`fireKey`): queue a run unless the task is disabled,
   * cannot run or already has an active run, in which case the fire is skipped without a row
   * (domain.md §9) — and unless this due time already queued one (a re-processed job).
   * Returns the queued run's id.
   */
  async fire(taskId: string, fireKey: string): Promise<number | null> {
    const definition = taskById(taskId);
    if (!definition) return null;
    return this.deps.db.$transaction(async (tx) => {
      const decision = await this.decision(tx, definition);
      if (decision.kind !== 'queue' || (await runRepository.fired(tx, fireKey))) return null;
      return this.queue(tx, definition, { trigger: 'schedule', requestedBy: null, fireKey });
    });
  }

  /** A trigger someone waits on: a refusal is their 409. */
  private async start(tx: Tx, definition: TaskDefinition, request: StartRequest): Promise<Started> {
    const attempt = await this.attempt(tx, definition, request);
    if (!('refused' in attempt)) return attempt;
    const taskId = definition.id;
    switch (attempt.refused) {
      case 'task_disabled':
        throw new Conflict('task_disabled', `Task ${taskId} is disabled.`);
      case 'main_server_required':
        throw new Conflict(
          'main_server_required',
          `Task ${taskId} needs a main media server, and none is configured.`,
        );
    }
  }

  /** Queues a run, finds the one already active, or says why the task cannot run now. */
  private async attempt(
    tx: Tx,
    definition: TaskDefinition,
    request: StartRequest,
  ): Promise<Started | Refused> {
    const taskId = definition.id;
    const decision = await this.decision(tx, definition);
    switch (decision.kind) {
      case 'task_disabled':
      case 'main_server_required':
        return { refused: decision.kind };
      case 'already_active':
        return { taskId, run: decision.run, queued: false };
      case 'queue': {
        const runId = await this.queue(tx, definition, request);
        return { taskId, run: { id: runId, status: 'queued' }, queued: true };
      }
    }
  }

  /** Reads what the decision needs, with triggers of one task taking turns. */
  private async decision(tx: Tx, definition: TaskDefinition) {
    // The unique index of active runs is the last guard; the lock makes the answer exact.
    await taskRepository.lockTriggers(tx, definition.id);
    const settings = await taskRepository.settingsOf(tx, definition.id);
    const hasMainServer = await mainServerRepository.has(tx);
    const active = await runRepository.active(tx, definition.id);
    return decideTrigger(
      taskState(definition, settings),
      hasMainServer,
      active ? { id: Number(active.id), status: active.status as ActiveRun['status'] } : undefined,
    );
  }

  /** The run row and its command to the owner, in the trigger's transaction. */
  private async queue(
    tx: Tx,
    definition: TaskDefinition,
    request: StartRequest & { fireKey?: string },
  ): Promise<number> {
    const { trigger, requestedBy, fireKey } = request;
    const run = await runRepository.queue(tx, {
      taskId: definition.id,
      trigger,
      requestedBy,
      fireKey,
    });
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
