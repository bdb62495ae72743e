import type { InternalApi } from '@mcs/contracts';
import { AppError, type Clock, Unprocessable } from '@mcs/kit';
import type { Caller } from '../domain/actor';
import { DEFAULT_BREAKER } from '../domain/deletion/breaker';
import { checkManual, type ManualRefusal } from '../domain/deletion/manual-check';
import type { Db } from '../db';
import { runCandidates } from './deletion.repository';
import { nextJobId } from '../operations/file-operation.repository';
import { lockCandidateWorkflow } from '../targets/locks.repository';
import { enabledRules } from '../scan/scan.repository';
import { type OperationQueue, planOf } from './operation-queue';

export interface ManualRequest {
  candidateIds: number[];
  reason: string | null;
  confirm: boolean;
}

const REFUSAL: Readonly<Record<ManualRefusal['code'], { status: number; detail: string }>> = {
  not_found: { status: 404, detail: 'Some candidates do not exist.' },
  candidate_protected: { status: 409, detail: 'Some candidates are protected.' },
  pending_protection_request: {
    status: 409,
    detail: 'Some candidates have a pending protection request.',
  },
  file_operation_pending: {
    status: 409,
    detail: 'A file operation is already queued or running for some candidates.',
  },
  confirmation_required: {
    status: 409,
    detail: `More than ${DEFAULT_BREAKER.maxItems} candidates: send confirm: true to act on all of them.`,
  },
};

/**
 * `POST /api/media/candidates/delete` and `/move` (internal-api.md 8, domain.md 6.11): an
 * administrator acts on selected candidates now, bypassing the delay and a cancel. Everything
 * is checked first and nothing is queued unless every candidate passes; then one operation
 * per candidate, as one job, in one transaction with its commands to catalog.
 */
export class ManualOperationService {
  constructor(private readonly deps: { db: Db; clock: Clock; queue: OperationQueue }) {}

  async queue(
    kind: 'delete' | 'move',
    request: ManualRequest,
    caller: Caller,
  ): Promise<InternalApi.components['schemas']['ManualOperationQueued']> {
    // Move destinations are general settings, which do not exist yet (rule-context.ts).
    if (kind === 'move')
      throw new Unprocessable(
        'move_destination_missing',
        'No move destination is configured for the selected media types.',
      );
    const { db, clock } = this.deps;
    const now = clock();
    const rules = await enabledRules(db);
    return db.$transaction(async (tx) => {
      await lockCandidateWorkflow(tx, 'exclusive');
      const candidates = await runCandidates(tx, now, request.candidateIds);
      const refusal = checkManual(request.candidateIds, candidates, {
        confirm: request.confirm,
        maxUnconfirmed: DEFAULT_BREAKER.maxItems,
      });
      if (refusal) throw refused(refusal, request.candidateIds);
      const jobId = await nextJobId(tx);
      const operationIds = await this.deps.queue.queue(
        tx,
        candidates.map((candidate) => ({
          target: candidate,
          candidate,
          plan: planOf(candidate, rules, kind),
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
function refused(refusal: ManualRefusal, requested: number[]): AppError {
  const { status, detail } = REFUSAL[refusal.code];
  const errors = refusal.ids.map((id) => ({
    in: 'body' as const,
    name: `candidate_ids[${requested.indexOf(id)}]`,
    message: `Candidate ${id}: ${refusal.code.replace(/_/g, ' ')}.`,
    code: refusal.code,
  }));
  return new AppError(status, refusal.code, `${detail} Nothing was queued.`, { errors });
}
