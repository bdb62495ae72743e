import { Consumer, type Runtime } from '@mcs/kit';
import { type Db, SCHEMA, type Tx } from '../db';
import { applyTagAnswer } from '../repositories/arr-tag.repository';

const MESSAGES = ['media.tags_applied'] as const;

/**
 * catalog's answer to a catalog.tags.apply command: the items that took the change now carry the
 * tags they were sent with (tag_cleanup_candidates, domain.md 9). An answer to a command this
 * service has no record of changes nothing.
 */
export function tagAnswerConsumer(
  runtime: Runtime,
  db: Db,
): Consumer<Tx, (typeof MESSAGES)[number]> {
  return new Consumer(runtime.broker, runtime.names, runtime.log, {
    service: SCHEMA,
    name: 'tag-answers',
    messages: MESSAGES,
    db,
    schema: SCHEMA,
    handler: async (message, tx) => {
      await applyTagAnswer(tx, message.payload.command_message_id, message.payload.failures);
    },
  });
}
