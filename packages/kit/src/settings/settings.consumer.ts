import type { Pool } from 'pg';
import { pgDatabase } from '../data/pg-database';
import { messageConsumer, type ConsumerHost } from '../messaging/message-consumer';
import type { SettingsProjection } from './settings-follower';

/**
 * settings.changed into the service's projection: applied in the inbox transaction, and the
 * first one after start tells the follower the owner has answered (after the commit, so a
 * decision woken by it reads the new row).
 */
export function settingsConsumer(host: ConsumerHost, pool: Pool, follower: SettingsProjection) {
  return messageConsumer(host, {
    name: 'settings',
    db: pgDatabase(pool),
    handlers: { 'settings.changed': ({ payload }, tx) => follower.apply(tx, payload) },
    afterCommit: () => {
      follower.markAnswered();
      return Promise.resolve();
    },
  });
}
