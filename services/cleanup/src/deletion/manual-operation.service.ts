import type { InternalApi } from '@mcs/contracts';
import { AppError, type Clock, Unprocessable } from '@mcs/kit';
import type { Caller } from '../domain/actor';
import { operationDefaults } from '../domain/deletion/operation-plan';
import { checkManual, type ManualRefusal } from '../domain/deletion/manual-check';
import type { Db } from '../db';
import { runCandidates } from './deletion.repository';
import { nextJobId } from '../operations/file-operation.repository';
import { lockCandidateWorkflow } from '../targets/locks.repository';
import { enabledRules } from '../scan/scan.repository';
import { type OperationQueue, planOf } from './operation-queue';
import { moveDestinations, type CleanupSettingsReader } from '../settings/cleanup-settings';

export interface ManualRequest {
  candidateIds: number[];
  reason: string | null;
  confirm: boolean;
}

/** What each refusal answers; the confirmation's names the breaker's limit in force. */
function refusalOf(
  code: ManualRefusal['code'],
  maxUnconfirmed: number,
): { status: number; detail: string } {
  switch (code) {
    case 'not_found':
      return { status: 404, detail: 'Some candidates do not exist.' };
    case 'candidate_protected':
      return { status: 409, detail: 'Some candidates are protected.' };
    case 'pending_protection_request':
      return { status: 409, detail: 'Some candidates have a pending protection request.' };
    case 'file_operation_pending':
      return {
        status: 409,
        detail: 'A file operation is already queued or running for some candidates.',
      };
    case 'confirmation_required':
      return {
        status: 409,
        detail: `More than ${maxUnconfirmed} candidates: send confirm: true to act on all of them.`,
      };
  }
}

/**
 * `POST /api/media/candidates/delete` and `/move` (internal-api.md 8, domain.md 6.11): an
 * administrator acts on selected candidates now, bypassing the delay and a cancel. Everything
 * is checked first and nothing is queued unless every candidate passes; then one operation
 * per candidate, as one job, in one transaction with its commands to catalog.
 */
export class ManualOperationService {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      queue: OperationQueue;
      settings: CleanupSettingsReader;
    },
  ) {}

  async queue(
    kind: 'delete' | 'move',
    request: ManualRequest,
    caller: Caller,
  ): Promise<InternalApi.components['schemas']['ManualOperationQueued']> {
    const { db, clock } = this.deps;
    const now = clock();
    const rules = await enabledRules(db);
    const settings = await this.deps.settings.current();
    const maxUnconfirmed = settings.auto_delete_breaker_max_items;
    return db.$transaction(async (tx) => {
      await lockCandidateWorkflow(tx, 'exclusive');
      const candidates = await runCandidates(tx, now, request.candidateIds);
      const refusal = checkManual(request.candidateIds, candidates, {
        confirm: request.confirm,
        maxUnconfirmed,
      });
      if (refusal) throw refused(refusal, request.candidateIds, maxUnconfirmed);
      const destinations = moveDestinations(settings);
      if (kind === 'move' && candidates.some((candidate) => !destinations[candidate.mediaType]))
        throw new Unprocessable(
          'move_destination_missing',
          'No move destination is configured for a selected media type.',
        );
      const jobId = await nextJobId(tx);
      const operationIds = await this.deps.queue.queue(
        tx,
        candidates.map((candidate) => ({
          target: candidate,
          candidate,
          plan: planOf(candidate, rules, operationDefaults(settings), kind),
        })),
        {
          trigger: 'manual',
          requestedBy: { type: 'user', id: caller.actor.id },
          runId: null,
          jobId,
          reason: request.reason,
        },
        now,
      );
      return {
        job_id: jobId,
        status: 'queued',
        operation_ids: operationIds,
        candidate_ids: candidates.map((candidate) => candidate.id),
      };
    });
  }
}

/** The problem names each offending id as `candidate_ids[i]` of the request body. */
function refused(refusal: ManualRefusal, requested: number[], maxUnconfirmed: number): AppError {
  const { status, detail } = refusalOf(refusal.code, maxUnconfirmed);
  const errors = refusal.ids.map((id) => ({
    in: 'body' as const,
    name: `candidate_ids[${requested.indexOf(id)}]`,
    message: `Candidate ${id}: ${refusal.code.replace(/_/g, ' ')}.`,
    code: refusal.code,
  }));
  return new AppError(status, refusal.code, `${detail} Nothing was queued.`, { errors });
}
