import type { Outbox } from '@mcs/kit';
import type { Prisma } from '../generated/prisma/client';

type Tx = Prisma.TransactionClient;

/**
 * The gateway's part of weekly_house_keeping (domain.md §9): forget idempotency records past
 * their retention (a key whose record expired is treated as never seen anyway) and sessions
 * past their expiry. Reports its part of the run like every participating service.
 */
export class HousekeepingService {
  constructor(
    private readonly outbox: Outbox,
    private readonly clock: () => Date,
  ) {}

  async run(tx: Tx, runId: number): Promise<void> {
    const startedAt = this.clock();
    const base = { run_id: runId, task_id: 'weekly_house_keeping', service: 'gateway' as const };
    await this.outbox.add(tx, 'task.run_started', { ...base, started_at: startedAt.toISOString() });
    const idempotency = await tx.idempotencyRecord.deleteMany({
      where: { expiresAt: { lte: startedAt } },
    });
    const sessions = await tx.session.deleteMany({ where: { expiresAt: { lte: startedAt } } });
    await this.outbox.add(tx, 'task.run_completed', {
      ...base,
      items_processed: idempotency.count + sessions.count,
      summary: { idempotency_records_purged: idempotency.count, sessions_purged: sessions.count },
      completed_at: this.clock().toISOString(),
    });
  }
}
