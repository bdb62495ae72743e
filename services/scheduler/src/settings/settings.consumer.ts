import { messageConsumer, type Runtime } from '@mcs/kit';
import type { Db } from '../db';
import type { SettingsService } from './settings.service';

/** A follower starting asks for the current settings; they go out again as settings.changed. */
export function settingsRequestsConsumer(runtime: Runtime, db: Db, settings: SettingsService) {
  return messageConsumer(runtime, {
    name: 'settings-requests',
    db,
    handlers: { 'settings.requested': (_message, tx) => settings.republish(tx) },
  });
}
