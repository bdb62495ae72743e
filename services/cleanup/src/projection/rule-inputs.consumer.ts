import type { MessagePayload } from '@mcs/contracts';
import { type MessageHandlers, messageConsumer, type Runtime } from '@mcs/kit';
import type { Db, Tx } from '../db';
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
  { projection, refresher, tags }: RuleInputHandlers,
) {
  // Typed by the list, so the queue binds exactly the messages an input refresh waits for.
  const handlers: MessageHandlers<Tx, (typeof RULE_INPUT_MESSAGES)[number]> = {
    'media.watch_data_changed': ({ payload }, tx) => projection.watchDataChanged(tx, payload),
    'media.requests_changed': ({ payload }, tx) => projection.requestsChanged(tx, payload),
    'media.disk_space_changed': ({ payload }, tx) => projection.diskSpaceChanged(tx, payload),
    'media.inputs_refreshed': ({ payload }, tx) => refresher.answered(tx, payload),
    'media.tags_applied': ({ payload }, tx) => tags.answered(tx, payload),
  };
  return messageConsumer(runtime, { name: 'rule-inputs', db, handlers });
}
