import { setTimeout as delay } from 'node:timers/promises';
import type { MessagePayload } from '@mcs/contracts';
import type { Clock, Outbox } from '@mcs/kit';
import type { Db, Tx } from '../db';
import type { RuleDefinition, SourceKind } from '../domain/rules';
import { sourcesUsed } from '../domain/rules/sources-used';
import {
  dropRefresh,
  handledCount,
  recordRefresh,
  type RefreshAnswer,
  storeAnswer,
  takeAnswer,
} from './input-refresh.repository';

export type RefreshableSource = MessagePayload<'catalog.inputs.refresh'>['sources'][number];

/** The rule sources catalog can refresh on demand (domain.md 4.1 step 2, 6.1 step 3). */
const REFRESHABLE: readonly (RefreshableSource & SourceKind)[] = [
  'arr',
  'disk',
  'seerr',
  'playback',
  'favorites',
];

/** The sources these rules read that catalog can refresh, in a stable order. */
export function refreshableSources(
  definitions: readonly RuleDefinition[],
): (RefreshableSource & SourceKind)[] {
  const used = sourcesUsed(definitions);
  return REFRESHABLE.filter((source) => used.has(source));
}

/**
 * Asks catalog for fresh inputs and what is playing now (catalog.inputs.refresh), and waits for
 * the answer the consumer stores (media.inputs_refreshed) and for the media.* messages catalog
 * committed before it to be applied here. The wait is bounded: without both, the caller acts on
 * nothing it could not verify.
 */
export class InputRefresher {
  constructor(
    private readonly deps: {
      db: Db;
      outbox: Outbox;
      clock: Clock;
      /** How long a scan or deletion run waits for catalog (real time: the answer is real work). */
      timeoutMs: number;
      pollMs: number;
      /** The media.* messages this service consumes: an answer's effects arrive as these. */
      consumed: ReadonlySet<string>;
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
    const answer = await this.poll(deadline, () => takeAnswer(db, messageId));
    if (!answer) {
      await dropRefresh(db, messageId);
      return null;
    }
    // The refresh's media.* messages reach this service on other queues than the answer, and
    // each queue's consumer works on several at once: the answer counts once they are applied.
    const awaited = answer.preceded_by
      .filter((message) => this.deps.consumed.has(message.name))
      .map((message) => message.message_id);
    const applied = await this.poll(deadline, async () =>
      awaited.length === 0 || (await handledCount(db, awaited)) === awaited.length ? true : null,
    );
    return applied ? answer : null;
  }

  /** catalog's answer (media.inputs_refreshed), for the run waiting for it. */
  async answered(tx: Tx, answer: RefreshAnswer): Promise<void> {
    await storeAnswer(tx, answer);
  }

  /** `check` until it gives a value or the deadline passes (null). */
  private async poll<T>(deadline: number, check: () => Promise<T | null>): Promise<T | null> {
    for (;;) {
      const value = await check();
      if (value !== null || Date.now() >= deadline) return value;
      await delay(this.deps.pollMs);
    }
  }
}
