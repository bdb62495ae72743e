import type { MessagePayload } from '@mcs/contracts';
import { Consumer, type ReceivedMessage, type Runtime } from '@mcs/kit';
import { type Db, SCHEMA, type Tx } from '../db';
import type { MediaProjectionService } from './media-projection.service';

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

/**
 * The services the messages are handed to, narrowed to the methods used. The answers belong to
 * the scan's refresher and to tagging, which read the projection: taken as a parameter, they
 * are not imported from here.
 */
export interface RuleInputHandlers {
  projection: Pick<
    MediaProjectionService,
    'watchDataChanged' | 'requestsChanged' | 'diskSpaceChanged'
  >;
  refresher: { answered(tx: Tx, answer: MessagePayload<'media.inputs_refreshed'>): Promise<void> };
  tags: { answered(tx: Tx, answer: MessagePayload<'media.tags_applied'>): Promise<void> };
}

export function ruleInputsConsumer(
  runtime: Runtime,
  db: Db,
  handlers: RuleInputHandlers,
): Consumer<Tx, Name> {
  return new Consumer<Tx, Name>(runtime.broker, runtime.names, runtime.log, {
    service: SCHEMA,
    name: 'rule-inputs',
    messages: RULE_INPUT_MESSAGES,
    db,
    schema: SCHEMA,
    handler: (message, tx) => apply(handlers, message as Received, tx),
  });
}

function apply(handlers: RuleInputHandlers, message: Received, tx: Tx): Promise<void> {
  switch (message.name) {
    case 'media.watch_data_changed':
      return handlers.projection.watchDataChanged(tx, message.payload);
    case 'media.requests_changed':
      return handlers.projection.requestsChanged(tx, message.payload);
    case 'media.disk_space_changed':
      return handlers.projection.diskSpaceChanged(tx, message.payload);
    case 'media.inputs_refreshed':
      return handlers.refresher.answered(tx, message.payload);
    case 'media.tags_applied':
      return handlers.tags.answered(tx, message.payload);
  }
}
