import {
  Conflict,
  type IdempotencyScope,
  NotFound,
  runIdempotent,
  type Clock,
  limitOffset,
  pageOf,
  type Paging,
} from '@mcs/kit';
import { type Db, type Direct, SCHEMA, type Tx } from '../db';
import type { Actor, Caller } from '../domain/actor';
import { assertFuture } from '../domain/protection-terms';
import { findProtection, listProtections, type ProtectionFilters } from './protection.repository';
import { protectionView } from './protection.view';
import type { ProtectionWriter } from './protection-writer';
import { resolveTarget, type TargetInput } from '../targets/target-resolver';

export interface CreateProtection extends Caller {
  target: TargetInput;
  reason: string | null;
  expiresAt: Date | null;
  idempotency: IdempotencyScope | undefined;
}

/** Protections through the external API (external-api.md 2.7). */
export class ProtectionService {
  constructor(
    private readonly deps: { db: Db; direct: Direct; clock: Clock; writer: ProtectionWriter },
  ) {}

  async list(filters: ProtectionFilters, paging: Paging) {
    const now = this.deps.clock();
    const { records, total } = await listProtections(
      this.deps.direct,
      filters,
      limitOffset(paging),
      now,
    );
    return pageOf(
      records.map((record) => protectionView(record, now)),
      total,
      paging,
    );
  }

  /** Expired protections and those of soft-removed media are readable too. */
  async get(id: number) {
    const record = await findProtection(this.deps.db, id);
    if (!record) throw new NotFound(`Protection ${id} was not found.`);
    return protectionView(record, this.deps.clock());
  }

  /** Create-or-reuse: `created: false` when a `manual`/`api` protection covers the target. */
  create(request: CreateProtection) {
    const { db, clock, writer } = this.deps;
    return db.$transaction((tx) =>
      runIdempotent(tx, SCHEMA, request.idempotency, async () => {
        const now = clock();
        if (request.expiresAt) assertFuture(request.expiresAt, now, 'expires_at');
        const target = await resolveTarget(tx, request.target);
        const { record, created } = await writer.createOrReuse(
          tx,
          target,
          {
            expiresAt: request.expiresAt,
            reason: request.reason,
            defaultReason: 'Protected through the API',
            source: 'api',
            actor: request.actor,
            actorName: request.actorName,
            candidateId: null,
            onBroader: 'reuse',
          },
          now,
        );
        return { status: 200, body: { protection: protectionView(record, now), created } };
      }),
    );
  }

  /** Answers the protection as it was just before removal; rule-managed ones are refused. */
  delete(id: number, actor: Actor, idempotency: IdempotencyScope | undefined) {
    const { db, clock } = this.deps;
    return db.$transaction((tx) =>
      runIdempotent(tx, SCHEMA, idempotency, async () => {
        const now = clock();
        const record = await lockRemovable(tx, id);
        await this.deps.writer.remove(tx, record, actor, now);
        return { status: 200, body: protectionView(record, now) };
      }),
    );
  }
}

/** Locks a protection people may change: it exists and its rule does not manage it. */
export async function lockRemovable(tx: Tx, id: number) {
  const record = await findProtection(tx, id, true);
  if (!record) throw new NotFound(`Protection ${id} was not found.`);
  if (record.source === 'rule') {
    throw new Conflict(
      'rule_managed_protection',
      `Protection ${id} is managed by a rule and changes only through it.`,
    );
  }
  return record;
}
