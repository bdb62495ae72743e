import type { Logger, Clock } from '@mcs/kit';
import type { ExecutorTimings } from '../config';
import type { Db } from '../db';
import { isMediaServer, type ServiceConfigRecord } from '../domain/service-config';
import { IntegrationError } from '../integrations/errors';
import type { ClientFactory } from '../integrations/client-factory';
import type { MediaEvents } from '../messaging/media-events';
import { findOperation, transition, unfinishedOperationIds } from './file-operation.repository';
import { listServiceConfigs } from '../service-settings/service-settings.repository';
import { OperationClients, perform, STEP_LABELS, verify } from './operation-clients';
import type { OperationCommand } from './operation-intake';
import { MoveError, type Rename } from './file-move';
import { recordOutcome, type Attempt, type Result } from './outcome';
import { planOperation, type Plan } from './plan';
import { clearSeerrRequests } from './seerr-clear';
import { loadTarget, type TargetState } from './target.repository';
import type { SettingsReader } from '../settings';

export interface ExecutorDeps {
  db: Db;
  events: MediaEvents;
  clients: ClientFactory;
  settings: SettingsReader;
  timings: ExecutorTimings;
  clock: Clock;
  log: Logger;
  sleep: (ms: number) => Promise<void>;
  /** The rename of moves (tests make it fail as across filesystems). */
  rename?: Rename;
}

/**
 * Executes one file operation (domain.md 6.3-6.7): re-checks the target, routes, calls,
 * verifies, records. The row's status moves queued → running before the first external call,
 * so a retried job (or a second worker) finds it running and only verifies: a redelivered
 * command never deletes twice.
 */
export class FileOperationExecutor {
  constructor(private readonly deps: ExecutorDeps) {}

  /** Operations whose job may have been lost with Redis (the worker queues them again). */
  unfinished(): Promise<number[]> {
    return unfinishedOperationIds(this.deps.db);
  }

  /** False while the operation's row is not committed yet (the job retries). */
  async execute(operationId: number): Promise<boolean> {
    const { db } = this.deps;
    const operation = await findOperation(db, operationId);
    if (!operation) return false;
    if (!['queued', 'running', 'verifying'].includes(operation.status)) return true;
    const command = operation.command as OperationCommand;
    const state = await loadTarget(db, command.target);
    const services = new Map((await listServiceConfigs(db)).map((s) => [s.id, s]));
    if (operation.status === 'queued' && (!state || !state.live))
      return this.finish(command, state, {
        outcome: 'canceled',
        failureReason: 'target_removed',
        plan: null,
        log: [],
        warnings: [],
        startedAt: null,
      });
    const plan = state
      ? planOperation(command, state, await this.context(services))
      : { failure: 'target_removed' };
    if ('failure' in plan)
      return this.finish(command, state, {
        outcome: 'failed',
        failureReason: plan.failure,
        plan: null,
        log: [],
        warnings: [],
        startedAt: null,
      });
    if (operation.status === 'queued' && this.keysUnreadable(plan, services))
      return this.finish(command, state, {
        outcome: 'failed',
        failureReason: 'secrets_unreadable',
        plan,
        log: [],
        warnings: [],
        startedAt: null,
      });
    const clients = new OperationClients(this.deps.clients, services, this.deps.rename);
    try {
      const calls =
        operation.status === 'queued'
          ? await this.call(command, plan, clients)
          : resumed(operation.attemptLog);
      if (!calls) return true;
      await transition(db, operationId, ['running'], { status: 'verifying' });
      const verified = await this.verify(plan, clients, calls.log);
      // Seerr's request is cleared after a delete (2.7); a moved item still exists elsewhere.
      const clearsSeerr = verified && plan.removesItem && command.kind !== 'move';
      const warnings = clearsSeerr ? await clearSeerrRequests(this.deps, command, services) : [];
      return this.finish(command, state, {
        outcome: verified ? 'succeeded' : 'failed',
        failureReason: verified ? null : (calls.error ?? 'not_removed_after_call'),
        plan,
        log: calls.log,
        warnings,
        startedAt: calls.startedAt,
      });
    } finally {
      clients.close();
    }
  }

  private async call(command: OperationCommand, plan: Plan, clients: OperationClients) {
    const startedAt = this.deps.clock();
    const claimed = await transition(this.deps.db, command.operation_id, ['queued'], {
      status: 'running',
      startedAt,
      route: plan.route as object,
      serviceConfigId: BigInt(plan.route.service_config_id),
    });
    if (!claimed) return null;
    const log: Attempt[] = [];
    let error: string | null = null;
    for (const [index, step] of plan.steps.entries()) {
      if (index > 0) await this.pace();
      const outcome = await perform(clients, step).then(() => 'ok', codeOf);
      log.push({
        at: this.deps.clock().toISOString(),
        call: `${step.system} ${STEP_LABELS[step.call]}`,
        outcome,
      });
      if (outcome !== 'ok') {
        // A destructive call that failed or timed out is verified, never retried blindly.
        error = outcome === 'timeout' ? 'timeout_unverified' : outcome;
        break;
      }
    }
    return { log, error, startedAt };
  }

  /**
   * A service of the plan whose stored key does not open (ENCRYPTION_KEYS changed) fails the
   * operation before its first call: nothing was sent, so there is nothing to verify.
   */
  private keysUnreadable(plan: Plan, services: Map<number, ServiceConfigRecord>): boolean {
    return plan.steps.some((step) => {
      if (step.system === 'fs') return false;
      const service = services.get(step.serviceId);
      return service !== undefined && this.deps.clients.storedKey(service) === null;
    });
  }

  private async verify(plan: Plan, clients: OperationClients, log: Attempt[]): Promise<boolean> {
    for (const delay of this.deps.timings.verifyDelaysMs) {
      await this.deps.sleep(delay);
      let all = true;
      for (const check of plan.checks) {
        const outcome = await verify(clients, check).then(
          (gone) => (gone ? 'verified' : 'present'),
          codeOf,
        );
        log.push({
          at: this.deps.clock().toISOString(),
          call: `verify ${check.system} ${check.check}`,
          outcome,
        });
        if (outcome !== 'verified') all = false;
      }
      if (all) return true;
    }
    return false;
  }

  private async finish(command: OperationCommand, state: TargetState | null, result: Result) {
    const { db, events, clock } = this.deps;
    await db.$transaction((tx) => recordOutcome(tx, events, command, state, result, clock()), {
      timeout: 60_000,
    });
    return true;
  }

  /** The pause between two calls, as the settings say at that moment. */
  private async pace(): Promise<void> {
    const { delete_pacing_seconds: seconds } = await this.deps.settings.current();
    await this.deps.sleep(seconds * 1000);
  }

  private async context(services: Map<number, ServiceConfigRecord>) {
    const settings = await this.deps.settings.current();
    const main = [...services.values()].find(
      (s) => s.isMain && s.enabled && isMediaServer(s.serviceType),
    );
    return {
      fallbackEnabled: settings.media_server_fallback_enabled,
      move: {
        movies: settings.move_destination_movies,
        series: settings.move_destination_series,
        mappings: settings.path_mappings,
      },
      mainServer: main
        ? { id: main.id, type: main.serviceType as 'jellyfin' | 'emby' | 'plex' }
        : null,
    };
  }
}

/** After a restart mid-operation the calls are not repeated; the earlier log stands. */
function resumed(log: unknown[]) {
  return { log: log as Attempt[], error: null, startedAt: null };
}

function codeOf(error: unknown): string {
  if (error instanceof IntegrationError || error instanceof MoveError) return error.code;
  throw error;
}
