import {
  type Clock,
  Conflict,
  Forbidden,
  limitOffset,
  NotFound,
  pageOf,
  type Paging,
} from '@mcs/kit';
import type { Db, Tx } from '../db';
import type { Caller } from '../domain/actor';
import { type DurationInput, termsFromDuration, widen } from '../domain/protection-terms';
import { SCOPE_DEPTH, type Target } from '../domain/target';
import { lockMedia } from '../repositories/locks';
import {
  decideRequest,
  findRequest,
  insertRequest,
  listRequests,
  pendingOverlapping,
  type RequestRecord,
  type RequestStatus,
} from '../repositories/request.repository';
import { findCovering } from '../repositories/protection.repository';
import { protectedEntryView } from '../views/protection.view';
import { protectionRequestView } from '../views/request.view';
import type { ProtectionWriter } from './protection-writer';
import { resolveTarget, type TargetInput } from './target-resolver';

/** The user acting on requests, and whether they may decide them. */
export interface RequestCaller extends Caller {
  userId: number;
  isAdmin: boolean;
}

export interface Approval {
  duration?: DurationInput;
  adminNote: string | null;
}

/**
 * Protection requests (domain.md 8.1, internal-api.md 9.1): users ask, administrators approve
 * or deny; an administrator's own request is approved at once. Approving reuses and widens an
 * overlapping manual/api protection, so two approvals on one target make one protection and a
 * shorter one never downgrades a longer or permanent one.
 */
export class ProtectionRequestService {
  constructor(private readonly deps: { db: Db; clock: Clock; writer: ProtectionWriter }) {}

  async list(
    caller: RequestCaller,
    filters: { status?: RequestStatus; mine?: boolean },
    paging: Paging,
  ) {
    const userId = caller.isAdmin && !filters.mine ? undefined : caller.userId;
    const { records, total } = await listRequests(
      this.deps.db,
      'protection',
      { status: filters.status, userId },
      limitOffset(paging),
    );
    return pageOf(records.map(protectionRequestView), total, paging);
  }

  create(
    input: TargetInput,
    terms: { reason: string | null; durationDays: number | null },
    caller: RequestCaller,
  ) {
    const { db, clock } = this.deps;
    return db.$transaction(async (tx) => {
      const now = clock();
      const target = await resolveTarget(tx, input);
      await lockMedia(tx, target);
      await this.refuseCovered(tx, target, terms.durationDays, now);
      const duplicate = await pendingOverlapping(tx, 'protection', target, caller.userId);
      if (duplicate !== null)
        throw new Conflict(
          'duplicate_request',
          `Your request ${duplicate} for this media is still pending.`,
        );
      const id = await insertRequest(
        tx,
        'protection',
        { target, userId: caller.userId, userName: caller.actorName, ...terms },
        now,
      );
      if (!caller.isAdmin) return { request: await this.view(tx, id) };
      const approved = await this.approveLocked(tx, id, { adminNote: null }, caller, now);
      return approved;
    });
  }

  approve(id: number, approval: Approval, caller: RequestCaller) {
    const { db, clock } = this.deps;
    return db.$transaction(async (tx) => this.approveLocked(tx, id, approval, caller, clock()));
  }

  deny(id: number, adminNote: string | null, caller: RequestCaller) {
    return this.close(id, caller, 'denied', adminNote);
  }

  /** The requester or an administrator withdraws a pending request. */
  cancel(id: number, caller: RequestCaller) {
    return this.close(id, caller, 'canceled', null);
  }

  private close(
    id: number,
    caller: RequestCaller,
    status: 'denied' | 'canceled',
    adminNote: string | null,
  ) {
    const { db, clock } = this.deps;
    return db.$transaction(async (tx) => {
      const request = await this.pending(tx, id);
      if (status === 'canceled' && !caller.isAdmin && request.requestedByUserId !== caller.userId)
        throw new Forbidden('forbidden', 'Only the requester or an administrator may cancel it.');
      await decideRequest(
        tx,
        'protection',
        id,
        { status, decidedBy: caller.userId, adminNote },
        clock(),
      );
      return this.view(tx, id);
    });
  }

  private async approveLocked(
    tx: Tx,
    id: number,
    approval: Approval,
    caller: RequestCaller,
    now: Date,
  ) {
    const request = await this.pending(tx, id);
    const duration: DurationInput =
      approval.duration ??
      (request.durationDays === null
        ? { kind: 'permanent' }
        : { kind: 'days', days: request.durationDays });
    const { expiresAt } = termsFromDuration(duration, now);
    const { record, created } = await this.deps.writer.createOrReuse(
      tx,
      request,
      {
        expiresAt,
        reason: request.reason,
        defaultReason: `Protection request ${id}`,
        source: 'manual',
        actor: caller.actor,
        actorName: caller.actorName,
        candidateId: null,
        onBroader: 'reuse',
        requestId: id,
      },
      now,
    );
    await decideRequest(
      tx,
      'protection',
      id,
      {
        status: 'approved',
        decidedBy: caller.userId,
        adminNote: approval.adminNote,
        resultId: record.id,
      },
      now,
    );
    return {
      request: await this.view(tx, id),
      protection: protectedEntryView(record, now),
      created,
    };
  }

  /**
   * Seed rule 8: a narrower request under a covering manual/api protection is refused, and so
   * is one for a target already protected at least as long as asked. Rule protections refuse
   * nothing: they vanish with their rule.
   */
  private async refuseCovered(tx: Tx, target: Target, durationDays: number | null, now: Date) {
    const covering = await findCovering(tx, target, now, ['manual', 'api']);
    const broader = covering.find((p) => SCOPE_DEPTH[p.scope] < SCOPE_DEPTH[target.scope]);
    if (broader)
      throw new Conflict(
        'covered_by_existing_protection',
        `Protection ${broader.id} (${broader.scope}) already covers this target.`,
      );
    const duration: DurationInput =
      durationDays === null ? { kind: 'permanent' } : { kind: 'days', days: durationDays };
    const { expiresAt } = termsFromDuration(duration, now);
    const same = covering.find((p) => !widen(p, { expiresAt, reason: null }));
    if (same)
      throw new Conflict(
        'already_protected',
        `Protection ${same.id} already protects this target at least as long.`,
      );
  }

  private async pending(tx: Tx, id: number): Promise<RequestRecord> {
    const request = await findRequest(tx, 'protection', id, true);
    if (!request) throw new NotFound(`Protection request ${id} was not found.`);
    if (request.status !== 'pending')
      throw new Conflict('request_not_pending', `Request ${id} is already ${request.status}.`);
    return request;
  }

  private async view(tx: Tx, id: number) {
    return protectionRequestView((await findRequest(tx, 'protection', id)) as RequestRecord);
  }
}
