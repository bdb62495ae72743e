import type { MessagePayload } from '@mcs/contracts';
import { type Clock, type Logger, type Outbox, PgListener, TaskError } from '@mcs/kit';
import type { Db, Tx } from '../db';
import type { RuleDefinition, SourceKind } from '../domain/rules';
import { sourcesUsed } from '../domain/rules/sources-used';
import {
  dropRefresh,
  findAnswer,
  handledCount,
  INPUT_REFRESH_CHANNEL,
  recordRefresh,
  type RefreshAnswer,
  storeAnswer,
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

/** The process's one listener for refresh wake-ups (decision 024); start it, stop it at the end. */
export function inputRefreshListener(databaseUrl: string, log: Logger): PgListener {
  return new PgListener({ url: databaseUrl, channels: [INPUT_REFRESH_CHANNEL], log });
}

/**
 * Asks catalog for fresh inputs and what is playing now (catalog.inputs.refresh), and waits for
 * the answer the consumer stores (media.inputs_refreshed) and for the media.* messages catalog
 * committed before it to be applied here. The wait is bounded, and it looks at the database
 * only when an inbox write of any replica wakes it (decision 024): without both, the caller
 * acts on nothing it could not verify.
 */
export class InputRefresher {
  constructor(
    private readonly deps: {
      db: Db;
      outbox: Outbox;
      clock: Clock;
      /** How long a scan or deletion run waits for catalog (real time: the answer is real work). */
      timeoutMs: number;
      /** Listening on INPUT_REFRESH_CHANNEL. */
      listener: PgListener;
      /** The media.* messages this service consumes: an answer's effects arrive as these. */
      consumed: ReadonlySet<string>;
    },
  ) {}

  /** The answer, or null without one (a deletion run then acts on nothing, domain.md 6.1). */
  async refresh(runId: number, sources: RefreshableSource[]): Promise<RefreshAnswer | null> {
    const outcome = await this.ask(runId, sources);
    return outcome instanceof TaskError ? null : outcome;
  }

  /** The answer, or a run failure naming what did not arrive (a scan cannot do without it). */
  async refreshOrFail(runId: number, sources: RefreshableSource[]): Promise<RefreshAnswer> {
    const outcome = await this.ask(runId, sources);
    if (outcome instanceof TaskError) throw outcome;
    return outcome;
  }

  /** catalog's answer (media.inputs_refreshed), for the run waiting for it. */
  async answered(tx: Tx, answer: RefreshAnswer): Promise<void> {
    await storeAnswer(tx, answer);
  }

  private async ask(
    runId: number,
    sources: RefreshableSource[],
  ): Promise<RefreshAnswer | TaskError> {
    const { db, outbox, timeoutMs } = this.deps;
    // Woken from before the command leaves: no answer can come earlier than that.
    const wakeup = this.deps.listener.wakeup(INPUT_REFRESH_CHANNEL);
    const deadline = Date.now() + timeoutMs;
    let messageId: string | undefined;
    try {
      messageId = await db.$transaction(async (tx) => {
        const sent = await outbox.add(tx, 'catalog.inputs.refresh', { run_id: runId, sources });
        const requestedAt = this.deps.clock();
        await recordRefresh(tx, {
          messageId: sent.messageId,
          runId,
          requestedAt,
          waitMs: timeoutMs,
        });
        return sent.messageId;
      });
      const command = messageId;
      const answer = await wakeup.until(() => findAnswer(db, command), deadline);
      if (!answer) return unanswered(timeoutMs);
      // The refresh's media.* messages reach this service on other queues than the answer, and
      // each queue's consumer works on several at once: the answer counts once they are applied.
      const awaited = answer.preceded_by
        .filter((message) => this.deps.consumed.has(message.name))
        .map((message) => message.message_id);
      let handled = 0;
      const applied = await wakeup.until(async () => {
        handled = awaited.length === 0 ? 0 : await handledCount(db, awaited);
        return handled === awaited.length ? true : null;
      }, deadline);
      return applied ? answer : notApplied(awaited.length - handled, awaited.length, timeoutMs);
    } finally {
      wakeup.close();
      if (messageId) await dropRefresh(db, messageId);
    }
  }
}

const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;

function unanswered(timeoutMs: number): TaskError {
  return new TaskError(
    'inputs_refresh_unanswered',
    `Catalog did not answer the input refresh (catalog.inputs.refresh) within ${seconds(timeoutMs)}.`,
  );
}

function notApplied(missing: number, total: number, timeoutMs: number): TaskError {
  return new TaskError(
    'inputs_refresh_incomplete',
    `Catalog answered the input refresh, but ${missing} of the ${total} messages it sent before its answer were not applied here within ${seconds(timeoutMs)}.`,
  );
}
