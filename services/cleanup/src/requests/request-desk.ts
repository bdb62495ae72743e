import { type Clock, Conflict, limitOffset, NotFound, pageOf, type Paging } from '@mcs/kit';
import type { Db, Tx } from '../db';
import type { Caller } from '../domain/actor';
import { type Decision, decisionNotice } from '../domain/notices';
import { addNotice } from '../notices/notice.repository';
import { requestNotification } from '../domain/notifications/messages';
import type { Notifier } from '../notifications/notifier';
import type { Target } from '../domain/target';
import {
  decideRequest,
  findRequest,
  listRequests,
  pendingOverlapping,
  type RequestKind,
  type RequestRecord,
  type RequestStatus,
} from './request.repository';

/** The user acting on requests, and whether they may decide them. */
export interface RequestCaller extends Caller {
  userId: number;
  isAdmin: boolean;
}

/**
 * What protection and delete requests share (domain.md 8): who sees which, the duplicate and
 * pending checks, denial and cancellation. Each kind's service adds how it is created and what
 * its approval does.
 */
export class RequestDesk<V> {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      notifier: Notifier;
      kind: RequestKind;
      view: (record: RequestRecord) => V;
    },
  ) {}

  /** Users see their own requests; administrators everyone's, or their own with `mine`. */
  async list(
    caller: RequestCaller,
    filters: { status?: RequestStatus; mine?: boolean },
    paging: Paging,
  ) {
    const userId = caller.isAdmin && !filters.mine ? undefined : caller.userId;
    const { records, total } = await listRequests(
      this.deps.db,
      this.deps.kind,
      { status: filters.status, userId },
      limitOffset(paging),
    );
    return pageOf(records.map(this.deps.view), total, paging);
  }

  /** 409 duplicate_request when the user's own pending request of this kind overlaps. */
  async refuseDuplicate(tx: Tx, target: Target, userId: number): Promise<void> {
    const duplicate = await pendingOverlapping(tx, this.deps.kind, target, userId);
    if (duplicate !== null)
      throw new Conflict(
        'duplicate_request',
        `Your ${this.deps.kind} request ${duplicate} for this media is still pending.`,
      );
  }

  /**
   * The request, locked; 404 if unknown or someone else's (an administrator may act on any),
   * 409 request_not_pending once decided. Ownership is checked first, so a stranger learns
   * neither that the request exists nor what became of it.
   */
  async pending(tx: Tx, id: number, caller: RequestCaller): Promise<RequestRecord> {
    const request = await findRequest(tx, this.deps.kind, id, true);
    if (!request || (!caller.isAdmin && request.requestedByUserId !== caller.userId))
      throw new NotFound(`Request ${id} was not found.`);
    if (request.status !== 'pending')
      throw new Conflict('request_not_pending', `Request ${id} is already ${request.status}.`);
    return request;
  }

  async view(tx: Tx, id: number): Promise<V> {
    return this.deps.view((await findRequest(tx, this.deps.kind, id)) as RequestRecord);
  }

  /**
   * A user's new request waits for an administrator: administrators' channels are told
   * (docs/decisions/026). An administrator's own request is approved at once and tells no one.
   */
  async announce(tx: Tx, id: number, now: Date): Promise<void> {
    const request = await findRequest(tx, this.deps.kind, id);
    if (!request) return;
    await this.deps.notifier.request(
      tx,
      requestNotification({ ...request, kind: this.deps.kind, target: request }, now),
      now,
    );
  }

  /** The requester's in-app notice of a decision someone else made (domain.md 8.1). */
  async notify(
    tx: Tx,
    request: RequestRecord,
    decision: Decision,
    caller: RequestCaller,
    adminNote: string | null,
    now: Date,
  ): Promise<void> {
    const notice = decisionNotice(
      { ...request, kind: this.deps.kind },
      decision,
      caller.userId,
      adminNote,
    );
    if (notice) await addNotice(tx, notice, now);
  }

  /** An administrator denies a pending request. */
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
    const { db, clock, kind } = this.deps;
    return db.$transaction(async (tx) => {
      const request = await this.pending(tx, id, caller);
      const now = clock();
      await decideRequest(tx, kind, id, { status, decidedBy: caller.userId, adminNote }, now);
      await this.notify(tx, request, status, caller, adminNote, now);
      return this.view(tx, id);
    });
  }
}
