import { messageConsumer, type Runtime } from '@mcs/kit';
import type { Db } from '../db';
import type { LegacyImportService } from './legacy-import.service';

/**
 * webhooks.legacy_endpoints.import from the scheduler (events-webhooks.md §5): the endpoints
 * are written in the inbox transaction, so a redelivered command creates nothing twice. One at
 * a time: there is only ever one such command, and a repeat then finds the first committed.
 */
export function legacyImportConsumer(runtime: Runtime, db: Db, legacy: LegacyImportService) {
  return messageConsumer(runtime, {
    name: 'legacy-endpoints-import',
    db,
    prefetch: 1,
    handlers: {
      'webhooks.legacy_endpoints.import': async ({ payload }, tx) => {
        await legacy.import(tx, payload);
      },
    },
  });
}
