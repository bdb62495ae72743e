import type { InternalApi } from '@mcs/contracts';
import { type Clock, Conflict, Unprocessable } from '@mcs/kit';
import type { Db, Tx } from '../db';
import { operationDefaults, operationKind, operationPlan } from '../domain/deletion/operation-plan';
import type { ArrAction } from '../domain/rules';
import type { Target } from '../domain/target';
import { runCandidates } from './deletion.repository';
import { nextJobId, operationPendingForCandidate } from '../operations/file-operation.repository';
import { lockCandidateWorkflow, lockMedia } from '../targets/locks.repository';
import { protectionOverlapping, requestOverlapping } from './blocker.repository';
import { candidateIdOf } from '../candidates/candidate.repository';
import { decideRequest, insertRequest } from '../requests/request.repository';
import { enabledRules } from '../scan/scan.repository';
import { type DeleteRequestWire, deleteRequestView } from '../requests/request.view';
import { type OperationQueue, planOf } from './operation-queue';
import { RequestDesk, type RequestCaller } from '../requests/request-desk';
import type { Notifier } from '../notifications/notifier';
import { resolveTarget, type TargetInput } from '../targets/target-resolver';
import {
  moveDestinations,
  type CleanupSettings,
  type CleanupSettingsReader,
} from '../settings/cleanup-settings';

type Queued = InternalApi.components['schemas']['DeleteRequestQueued'];

export interface DeleteApproval {
  operation: 'delete' | 'move';
  arrAction?: ArrAction;
  adminNote: string | null;
}

/**
 * Delete requests (domain.md 8.2, internal-api.md 9.2): users ask, administrators approve
 * (starting the manual delete flow for the target) or deny; an administrator's own request is
 * approved at once. An approved request follows its operation to `completed` or `failed`.
 */
export class DeleteRequestService {
  /** Listing, denial and cancellation, as for protection requests. */
  readonly desk: RequestDesk<DeleteRequestWire>;

  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      queue: OperationQueue;
      settings: CleanupSettingsReader;
      notifier: Notifier;
    },
  ) {
    this.desk = new RequestDesk({ ...deps, kind: 'delete', view: deleteRequestView });
  }

  async create(
    input: TargetInput,
    reason: string | null,
    caller: RequestCaller,
  ): Promise<{ request: DeleteRequestWire } | Queued> {
    const { db, clock } = this.deps;
    const settings = await this.deps.settings.current();
    return db.$transaction(async (tx) => {
      const now = clock();
      const target = await resolveTarget(tx, input);
      await lockCandidateWorkflow(tx, 'exclusive');
      await lockMedia(tx, target);
      await refuseProtected(tx, target, now);
      await this.desk.refuseDuplicate(tx, target, caller.userId);
      const id = await insertRequest(
        tx,
        'delete',
        { target, userId: caller.userId, userName: caller.actorName, reason },
        now,
      );
      if (!caller.isAdmin) {
        await this.desk.announce(tx, id, now);
        return { request: await this.desk.view(tx, id) };
      }
      const approval = { operation: 'delete' as const, adminNote: null };
      return this.approveLocked(tx, id, approval, { caller, settings, now });
    });
  }

  async approve(id: number, approval: DeleteApproval, caller: RequestCaller): Promise<Queued> {
    const { db, clock } = this.deps;
    const settings = await this.deps.settings.current();
    return db.$transaction(async (tx) => {
      await lockCandidateWorkflow(tx, 'exclusive');
      return this.approveLocked(tx, id, approval, { caller, settings, now: clock() });
    });
  }

  /**
   * The manual delete flow for the request's target (domain.md 6.11): refused while the
   * target is protected, has a pending protection request or a pending operation; the
   * candidate's combined action when the target is a candidate, else the global defaults
   * (general settings, as the request read them).
   */
  private async approveLocked(
    tx: Tx,
    id: number,
    approval: DeleteApproval,
    context: { caller: RequestCaller; settings: CleanupSettings; now: Date },
  ): Promise<Queued> {
    const { caller, now } = context;
    const request = await this.desk.pending(tx, id, caller);
    if (approval.operation === 'move' && !moveDestinations(context.settings)[request.mediaType])
      throw new Unprocessable(
        'move_destination_missing',
        'No move destination is configured for this media type.',
      );
    await refuseProtected(tx, request, now);
    if (await requestOverlapping(tx, 'protection', request))
      throw new Conflict(
        'pending_protection_request',
        'A protection request for this media is pending: decide it first.',
      );
    if (await operationPendingForCandidate(tx, request))
      throw new Conflict(
        'file_operation_pending',
        'A delete or move of this media is already queued or running.',
      );
    const candidateId = await candidateIdOf(tx, request);
    const [candidate = null] =
      candidateId === null ? [] : await runCandidates(tx, now, [candidateId]);
    const defaults = operationDefaults(context.settings);
    const base = candidate
      ? planOf(candidate, await enabledRules(tx), defaults, 'delete')
      : operationPlan(request.mediaType, [], 'delete', defaults);
    const arrAction = approval.arrAction ?? base.arrAction;
    const plan = { ...base, arrAction, kind: operationKind(arrAction, 'delete') };
    const jobId = await nextJobId(tx);
    const [operationId] = await this.deps.queue.queue(
      tx,
      [{ target: request, candidate, plan }],
      {
        trigger: 'delete_request',
        requestedBy: { type: 'user', id: caller.userId },
        runId: null,
        jobId,
        reason: request.reason,
        deleteRequestId: id,
      },
      now,
    );
    await decideRequest(
      tx,
      'delete',
      id,
      {
        status: 'approved',
        decidedBy: caller.userId,
        adminNote: approval.adminNote,
        resultId: operationId ?? null,
      },
      now,
    );
    await this.desk.notify(tx, request, 'approved', caller, approval.adminNote, now);
    return { job_id: jobId, status: 'queued', request: await this.desk.view(tx, id) };
  }
}

/** 409 target_protected: an active protection covers or overlaps the target (domain.md 8.2). */
async function refuseProtected(tx: Tx, target: Target, now: Date) {
  const protection = await protectionOverlapping(tx, target, now);
  if (protection !== null)
    throw new Conflict('target_protected', `Protection ${protection} overlaps this target.`);
}
