import { type IdempotencyScope, NotFound, runIdempotent, type Clock } from '@mcs/kit';
import { type Db, SCHEMA, type Tx } from '../db';
import { type Caller, personActorOf, protectionSourceOf } from '../domain/actor';
import {
  assertActionAllowed,
  type CandidateAction,
  cancelChanges,
  postponeChanges,
  resetTimerChanges,
  type TimerChanges,
} from '../domain/candidate-lifecycle';
import type { CandidateEventType, LifecycleEvents } from '../events/lifecycle-events';
import { type CandidateRecord, findCandidate } from './candidate-query.repository';
import { applyLifecycle, lockCandidate } from './candidate.repository';
import { operationPendingForCandidate } from '../operations/file-operation.repository';
import { lockCandidateWorkflow } from '../targets/locks.repository';
import { candidateView, type CandidateWire } from './candidate.view';
import type { ProtectionWriter } from '../protections/protection-writer';

export interface ActionRequest extends Caller {
  candidateId: number;
  /** Trimmed; null when absent or empty. */
  reason: string | null;
  idempotency: IdempotencyScope | undefined;
}

export interface ActionResult {
  candidate: CandidateWire;
  event_id: string;
  protection_id: number | null;
}

/** What an action does beyond the lifecycle fields, decided on the locked candidate. */
type StepResult = { changes: TimerChanges; protectionId?: number };
type Step = (tx: Tx, candidate: CandidateRecord, now: Date) => StepResult | Promise<StepResult>;

/** The contract gives these events a token or user actor only (a person's action). */
const EVENTS: Record<CandidateAction, Exclude<CandidateEventType, 'candidate.scheduled'>> = {
  cancel: 'candidate.canceled',
  postpone: 'candidate.postponed',
  'reset-timer': 'candidate.timer_reset',
  protect: 'candidate.protected',
};

/**
 * The four candidate actions (external-api.md 2.3): each one — its change, its events in the
 * outbox and its idempotency record — commits in one transaction, or not at all.
 */
export class CandidateActionService {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      events: LifecycleEvents;
      writer: ProtectionWriter;
    },
  ) {}

  cancel(request: ActionRequest) {
    return this.run('cancel', request, (_tx, candidate, now) => ({
      changes: cancelChanges(candidate, now),
    }));
  }

  postpone(request: ActionRequest & { until: Date }) {
    return this.run('postpone', request, (_tx, candidate, now) => ({
      changes: postponeChanges(
        candidate,
        { configured: candidate.configured, delayDays: candidate.delayDays },
        request.until,
        now,
      ),
    }));
  }

  resetTimer(request: ActionRequest) {
    return this.run('reset-timer', request, (_tx, _candidate, now) => ({
      changes: resetTimerChanges(now),
    }));
  }

  /** Creates or reuses a permanent protection at the candidate's own target (domain.md 7.4). */
  protect(request: ActionRequest) {
    const source = protectionSourceOf(request.actor);
    return this.run('protect', request, async (tx, candidate, now) => {
      const { record } = await this.deps.writer.createOrReuse(
        tx,
        candidate,
        {
          expiresAt: null,
          reason: request.reason,
          defaultReason: source === 'api' ? 'Protected through the API' : null,
          source,
          actor: request.actor,
          actorName: request.actorName,
          candidateId: candidate.id,
          onBroader: 'reuse',
        },
        now,
      );
      return { changes: {}, protectionId: record.id };
    });
  }

  private run(action: CandidateAction, request: ActionRequest, step: Step) {
    const { db, clock, events } = this.deps;
    const actor = personActorOf(request.actor);
    return db.$transaction((tx) =>
      runIdempotent(tx, SCHEMA, request.idempotency, async () => {
        const now = clock();
        const candidate = await this.load(tx, action, request.candidateId, now);
        const { changes, protectionId } = await step(tx, candidate, now);
        await applyLifecycle(tx, candidate.id, changes, {
          reason: request.reason,
          actor: request.actor,
          at: now,
        });
        const after = candidateView(await this.read(tx, candidate.id, now), now);
        const eventId = await events.candidate(tx, EVENTS[action], after, actor, now);
        const body: ActionResult = {
          candidate: after,
          event_id: eventId,
          protection_id: protectionId ?? null,
        };
        return { status: 200, body };
      }),
    );
  }

  private async read(tx: Tx, id: number, now: Date): Promise<CandidateRecord> {
    const candidate = await findCandidate(tx, id, now);
    if (!candidate) throw new NotFound(`Candidate ${id} was not found.`);
    return candidate;
  }

  /** Lock, then the refusals in the order of the processing rules: 404, 409, 409. */
  private async load(tx: Tx, action: CandidateAction, id: number, now: Date) {
    await lockCandidateWorkflow(tx, 'shared');
    if (!(await lockCandidate(tx, id))) throw new NotFound(`Candidate ${id} was not found.`);
    const candidate = await this.read(tx, id, now);
    assertActionAllowed(action, id, {
      protected: candidate.protected,
      operationPending: await operationPendingForCandidate(tx, candidate),
    });
    return candidate;
  }
}
