import { type Clock, Conflict } from '@mcs/kit';
import type { Db, Tx } from '../db';
import { type DurationInput, termsFromDuration, widen } from '../domain/protection-terms';
import { SCOPE_DEPTH, type Target } from '../domain/target';
import { lockMedia } from '../targets/locks.repository';
import { decideRequest, insertRequest } from './request.repository';
import { findCovering } from '../protections/protection.repository';
import { protectedEntryView } from '../protections/protection.view';
import { type ProtectionRequestWire, protectionRequestView } from './request.view';
import type { ProtectionWriter } from '../protections/protection-writer';
import { RequestDesk, type RequestCaller } from './request-desk';
import type { Notifier } from '../notifications/notifier';
import { resolveTarget, type TargetInput } from '../targets/target-resolver';

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
  /** Listing, denial and cancellation, as for delete requests. */
  readonly desk: RequestDesk<ProtectionRequestWire>;

  constructor(
    private readonly deps: { db: Db; clock: Clock; writer: ProtectionWriter; notifier: Notifier },
  ) {
    this.desk = new RequestDesk({ ...deps, kind: 'protection', view: protectionRequestView });
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
      await this.desk.refuseDuplicate(tx, target, caller.userId);
      const id = await insertRequest(
        tx,
        'protection',
        { target, userId: caller.userId, userName: caller.actorName, ...terms },
        now,
      );
      if (!caller.isAdmin) {
        await this.desk.announce(tx, id, now);
        return { request: await this.desk.view(tx, id) };
      }
      return this.approveLocked(tx, id, { adminNote: null }, caller, now);
    });
  }

  approve(id: number, approval: Approval, caller: RequestCaller) {
    const { db, clock } = this.deps;
    return db.$transaction(async (tx) => this.approveLocked(tx, id, approval, caller, clock()));
  }

  private async approveLocked(
    tx: Tx,
    id: number,
    approval: Approval,
    caller: RequestCaller,
    now: Date,
  ) {
    const request = await this.desk.pending(tx, id, caller);
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
    await this.desk.notify(tx, request, 'approved', caller, approval.adminNote, now);
    return {
      request: await this.desk.view(tx, id),
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
}
