import { setTimeout as delay } from 'node:timers/promises';
import type { MessagePayload } from '@mcs/contracts';
import type { Clock, Outbox } from '@mcs/kit';
import type { Db } from '../db';
import {
  dropRefresh,
  recordRefresh,
  type RefreshAnswer,
  takeAnswer,
} from '../repositories/input-refresh.repository';

export type RefreshableSource = MessagePayload<'catalog.inputs.refresh'>['sources'][number];

/**
 * Asks catalog for fresh inputs and what is playing now (catalog.inputs.refresh), and waits for
 * the answer the consumer stores (media.inputs_refreshed). The wait is bounded: without an
 * answer the caller acts on nothing it could not verify.
 */
export class InputRefresher {
  constructor(
    private readonly deps: {
      db: Db;
      outbox: Outbox;
      clock: Clock;
      /** How long a deletion run waits for catalog (real time: the answer is real work). */
      timeoutMs: number;
      pollMs: number;
    },
  ) {}

  async refresh(runId: number, sources: RefreshableSource[]): Promise<RefreshAnswer | null> {
    const { db, outbox } = this.deps;
    const messageId = await db.$transaction(async (tx) => {
      const sent = await outbox.add(tx, 'catalog.inputs.refresh', { run_id: runId, sources });
      await recordRefresh(tx, { messageId: sent.messageId, runId, requestedAt: this.deps.clock() });
      return sent.messageId;
    });
    const deadline = Date.now() + this.deps.timeoutMs;
    while (Date.now() < deadline) {
      const answer = await takeAnswer(db, messageId);
      if (answer) return answer;
      await delay(this.deps.pollMs);
    }
    await dropRefresh(db, messageId);
    return null;
  }
}
