import { Consumer, type ReceivedMessage, type Runtime } from '@mcs/kit';
import { type Db, SCHEMA, type Tx } from '../db';
import { applyTagAnswer } from '../repositories/arr-tag.repository';
import { storeAnswer } from '../repositories/input-refresh.repository';
import {
  replaceDiskSpace,
  replaceRequests,
  replaceWatchData,
} from '../repositories/rule-inputs.repository';

/**
 * What catalog reports besides the media facts, in one queue: the rule inputs (watch data,
 * requests, disk space; domain.md 3.4) and its answers to cleanup's commands (fresh inputs before
 * a deletion run, 6.1; applied tags, 9).
 */
export const RULE_INPUT_MESSAGES = [
  'media.watch_data_changed',
  'media.requests_changed',
  'media.disk_space_changed',
  'media.inputs_refreshed',
  'media.tags_applied',
] as const;

type Name = (typeof RULE_INPUT_MESSAGES)[number];
type Received = { [K in Name]: ReceivedMessage<K> }[Name];

export function ruleInputsConsumer(runtime: Runtime, db: Db): Consumer<Tx, Name> {
  return new Consumer<Tx, Name>(runtime.broker, runtime.names, runtime.log, {
    service: SCHEMA,
    name: 'rule-inputs',
    messages: RULE_INPUT_MESSAGES,
    db,
    schema: SCHEMA,
    handler: (message, tx) => apply(message as Received, tx),
  });
}

async function apply(message: Received, tx: Tx): Promise<void> {
  switch (message.name) {
    case 'media.watch_data_changed':
      return replaceWatchData(tx, message.payload);
    case 'media.requests_changed':
      return replaceRequests(tx, message.payload.items);
    case 'media.disk_space_changed':
      return replaceDiskSpace(tx, message.payload);
    case 'media.inputs_refreshed':
      return storeAnswer(tx, message.payload);
    case 'media.tags_applied':
      // An answer to a command this service has no record of changes nothing.
      await applyTagAnswer(tx, message.payload.command_message_id, message.payload.failures);
  }
}
