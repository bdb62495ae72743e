import { type Clock, limitOffset, pageOf, type Paging } from '@mcs/kit';
import type { Db, Direct } from '../db';
import type { Actor, Caller } from '../domain/actor';
import { type DurationInput, termsFromDuration } from '../domain/protection-terms';
import type { MediaLinksPublisher } from '../events/media-links';
import {
  findProtection,
  listProtections,
  type ProtectionFilters,
  type ProtectionRecord,
  updateProtectionTerms,
} from './protection.repository';
import { protectedEntryView } from './protection.view';
import { lockRemovable } from './protection.service';
import type { ProtectionWriter } from './protection-writer';
import { resolveTarget, type TargetInput } from '../targets/target-resolver';

/** Protected entries of the internal UI (internal-api.md 9.3). */
export class ProtectedService {
  constructor(
    private readonly deps: {
      db: Db;
      direct: Direct;
      clock: Clock;
      writer: ProtectionWriter;
      links: MediaLinksPublisher;
    },
  ) {}

  /** Only protections in force: expired ones leave `items` and `total` at once. */
  async list(filters: Omit<ProtectionFilters, 'activeOnly'>, paging: Paging) {
    const now = this.deps.clock();
    const { records, total } = await listProtections(
      this.deps.direct,
      { ...filters, activeOnly: true },
      limitOffset(paging),
      now,
    );
    return pageOf(
      records.map((record) => protectedEntryView(record, now)),
      total,
      paging,
    );
  }

  /** Same target → widened (`created: false`); a broader covering one → 409; else manual. */
  create(
    target: TargetInput,
    terms: { reason: string | null; duration: DurationInput },
    caller: Caller,
  ) {
    const { db, clock, writer } = this.deps;
    return db.$transaction(async (tx) => {
      const now = clock();
      const { expiresAt } = termsFromDuration(terms.duration, now);
      const { record, created } = await writer.createOrReuse(
        tx,
        await resolveTarget(tx, target),
        {
          expiresAt,
          reason: terms.reason,
          defaultReason: null,
          source: 'manual',
          ...caller,
          candidateId: null,
          onBroader: 'refuse-broader',
        },
        now,
      );
      return { entry: protectedEntryView(record, now), created };
    });
  }

  /** Sets exactly the given duration from now (it may shorten); no event. */
  setDuration(id: number, duration: DurationInput) {
    const { db, clock, links } = this.deps;
    return db.$transaction(async (tx) => {
      const now = clock();
      const record = await lockRemovable(tx, id);
      await updateProtectionTerms(tx, id, termsFromDuration(duration, now), now);
      await links.publish(tx, [record], now);
      return protectedEntryView((await findProtection(tx, id)) as ProtectionRecord, now);
    });
  }

  /** Answers the entry as it was just before removal; `protection.removed` (actor user). */
  delete(id: number, actor: Actor) {
    const { db, clock, writer } = this.deps;
    return db.$transaction(async (tx) => {
      const now = clock();
      const record = await lockRemovable(tx, id);
      await writer.remove(tx, record, actor, now);
      return protectedEntryView(record, now);
    });
  }
}
