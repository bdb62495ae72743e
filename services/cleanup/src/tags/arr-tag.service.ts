import type { MessagePayload } from '@mcs/contracts';
import type { Clock, Outbox, TaskContext, TaskOutcome } from '@mcs/kit';
import type { Db, Tx } from '../db';
import { tagChange } from '../domain/arr-tags';
import {
  applyTagAnswer,
  type ItemTags,
  recordTagCommand,
  tagDifferences,
} from './arr-tag.repository';

/** Items per catalog.tags.apply command (the contract's limit). */
const ITEMS_PER_COMMAND = 1000;

export type TagSummary = {
  items_changed: number;
  tags_added: number;
  tags_removed: number;
  commands: number;
};

/**
 * `tag_cleanup_candidates` (domain.md 9): each candidate's rule tags on its movie or series in
 * Radarr/Sonarr, and the service's own tags off items that are no longer candidates of their
 * rule. catalog executes the changes (catalog.tags.apply) and answers per command; an item's
 * applied tags change only with that answer, so a failed item is simply tried again next run.
 */
export class ArrTagService {
  constructor(private readonly deps: { db: Db; clock: Clock; outbox: Outbox }) {}

  async run(context: Pick<TaskContext, 'runId'>): Promise<TaskOutcome & { summary: TagSummary }> {
    const { db, outbox } = this.deps;
    const differences = await tagDifferences(db);
    const summary: TagSummary = { items_changed: 0, tags_added: 0, tags_removed: 0, commands: 0 };
    for (let start = 0; start < differences.length; start += ITEMS_PER_COMMAND) {
      const batch = differences.slice(start, start + ITEMS_PER_COMMAND);
      const changes = batch.map(tagChange);
      await db.$transaction(async (tx) => {
        const sent = await outbox.add(tx, 'catalog.tags.apply', {
          run_id: context.runId,
          items: changes,
        });
        await recordTagCommand(tx, {
          messageId: sent.messageId,
          runId: context.runId,
          items: batch.map(wantedOf),
          sentAt: this.deps.clock(),
        });
      });
      summary.commands += 1;
      summary.items_changed += batch.length;
      summary.tags_added += changes.reduce((sum, change) => sum + change.add.length, 0);
      summary.tags_removed += changes.reduce((sum, change) => sum + change.remove.length, 0);
    }
    return { itemsProcessed: differences.length, summary };
  }

  /** catalog's answer to one command; an answer to a command this service has no record of changes nothing. */
  async answered(tx: Tx, answer: MessagePayload<'media.tags_applied'>): Promise<void> {
    await applyTagAnswer(tx, answer.command_message_id, answer.failures);
  }
}

const wantedOf = (item: ItemTags) => ({
  media_type: item.mediaType,
  media_id: item.mediaId,
  tags: item.wanted,
});
