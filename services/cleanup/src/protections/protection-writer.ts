import { Conflict } from '@mcs/kit';
import { type Actor, type Caller, type ProtectionSource, SYSTEM_ACTOR } from '../domain/actor';
import { type RequestedTerms, widen } from '../domain/protection-terms';
import { SCOPE_DEPTH, type Target } from '../domain/target';
import type { LifecycleEvents } from '../events/lifecycle-events';
import type { MediaLinksPublisher } from '../events/media-links';
import { operationPendingInside } from '../operations/file-operation.repository';
import { lockMedia } from '../targets/locks.repository';
import {
  deleteProtection,
  deleteProtections,
  findCovering,
  findProtection,
  findProtections,
  insertProtection,
  insertRuleProtections,
  type ProtectionRecord,
  updateProtectionTerms,
} from './protection.repository';
import type { Tx } from '../db';
import { protectionView } from './protection.view';

/** `actorName` is stored on a new protection only; the events get the bare `actor`. */
export interface ProtectRequest extends RequestedTerms, Caller {
  /** Reason of a new protection when none is given. */
  defaultReason: string | null;
  source: Exclude<ProtectionSource, 'rule'>;
  /** The candidate whose protect action this is (set on its protection.created event). */
  candidateId: number | null;
  /**
   * `reuse`: any covering protection is reused (external API, candidate protect).
   * `refuse-broader`: only the same target is reused; a broader one is a 409 (internal UI).
   */
  onBroader: 'reuse' | 'refuse-broader';
  /** The protection request being approved, recorded on a new protection. */
  requestId?: number;
}

/**
 * The create-or-reuse rule shared by every path that protects something (domain.md 7.3), and
 * removal with its event. Only `manual`/`api` protections are reused: a rule-managed one
 * vanishes with its rule, so it must not stand in for what a person asked for.
 */
export class ProtectionWriter {
  constructor(
    private readonly events: LifecycleEvents,
    private readonly links: MediaLinksPublisher,
  ) {}

  async createOrReuse(tx: Tx, target: Target, request: ProtectRequest, now: Date) {
    await lockMedia(tx, target);
    if (await operationPendingInside(tx, target)) {
      throw new Conflict(
        'file_operation_pending',
        'A delete or move of media inside this target is queued or running.',
      );
    }
    const existing = narrowest(await findCovering(tx, target, now, ['manual', 'api']));
    if (existing)
      return { record: await this.reuse(tx, existing, target, request, now), created: false };

    const id = await insertProtection(
      tx,
      {
        target,
        source: request.source,
        expiresAt: request.expiresAt,
        reason: request.reason ?? request.defaultReason,
        createdBy: request.actor,
        createdByName: request.actorName,
        requestId: request.requestId,
      },
      now,
    );
    const record = (await findProtection(tx, id)) as ProtectionRecord;
    const view = protectionView(record, now);
    await this.events.protection(
      tx,
      'protection.created',
      view,
      request.actor,
      request.candidateId,
      now,
    );
    await this.links.publish(tx, [target], now);
    return { record, created: true };
  }

  /**
   * Rules' protections of targets (domain.md 4.3): permanent, created by the system during a
   * scan, which holds the candidate workflow lock, so none can race them. One insert, one
   * outbox insert and one links message per batch.
   */
  async createForRules(
    tx: Tx,
    rows: { target: Target; ruleId: number; ruleName: string; reason: string }[],
    now: Date,
  ): Promise<void> {
    const ids = await insertRuleProtections(tx, rows, now);
    const records = await findProtections(tx, ids);
    const views = records.map((record) => protectionView(record, now));
    await this.events.protections(tx, 'protection.created', views, SYSTEM_ACTOR, now);
    await this.links.publish(tx, records, now);
  }

  /** Deletes protections, each with `protection.removed` as it was just before, in one go. */
  async removeAll(tx: Tx, records: ProtectionRecord[], actor: Actor, now: Date): Promise<void> {
    await deleteProtections(
      tx,
      records.map((record) => record.id),
    );
    const views = records.map((record) => protectionView(record, now));
    await this.events.protections(tx, 'protection.removed', views, actor, now);
    await this.links.publish(tx, records, now);
  }

  /** Deletes a protection and records `protection.removed` with it as it was just before. */
  async remove(tx: Tx, record: ProtectionRecord, actor: Actor, now: Date): Promise<void> {
    await deleteProtection(tx, record.id);
    await this.events.protection(
      tx,
      'protection.removed',
      protectionView(record, now),
      actor,
      null,
      now,
    );
    await this.links.publish(tx, [record], now);
  }

  private async reuse(
    tx: Tx,
    existing: ProtectionRecord,
    target: Target,
    request: ProtectRequest,
    now: Date,
  ): Promise<ProtectionRecord> {
    // Covering with the same scope means the same target.
    if (request.onBroader === 'refuse-broader' && existing.scope !== target.scope) {
      throw new Conflict(
        'covered_by_existing_protection',
        `Protection ${existing.id} (${existing.scope}) already covers this target.`,
      );
    }
    const changes = widen(existing, request);
    if (!changes) return existing; // nothing changes, so updated_at stays and no event
    await updateProtectionTerms(tx, existing.id, changes, now);
    // The expiry is part of the links catalog keeps.
    await this.links.publish(tx, [existing], now);
    return (await findProtection(tx, existing.id)) as ProtectionRecord;
  }
}

/** The narrowest covering protection changes the least when widened. */
function narrowest(covering: ProtectionRecord[]): ProtectionRecord | undefined {
  return [...covering].sort(
    (a, b) => SCOPE_DEPTH[b.scope] - SCOPE_DEPTH[a.scope] || a.id - b.id,
  )[0];
}
