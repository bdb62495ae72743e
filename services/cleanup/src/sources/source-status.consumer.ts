import { type MessageHandlers, messageConsumer, type Runtime } from '@mcs/kit';
import type { Db, Tx } from '../db';
import type { SourceStatusService } from './source-status.service';

export const SOURCE_STATUS_MESSAGES = ['media.source_status_changed'] as const;

/** catalog's data-source states, kept for tri-state rule evaluation (domain.md 2.13). */
export function sourceStatusConsumer(runtime: Runtime, db: Db, sourceStatus: SourceStatusService) {
  const handlers: MessageHandlers<Tx, (typeof SOURCE_STATUS_MESSAGES)[number]> = {
    'media.source_status_changed': ({ payload }, tx) => sourceStatus.replace(tx, payload),
  };
  return messageConsumer(runtime, { name: 'source-status', db, handlers });
}
