import { generalSettingsDefaults, type GeneralSettings, type MessagePayload } from '@mcs/contracts';
import { ident } from '../data/database';
import { pgDatabase } from '../data/pg-database';
import type { Runtime } from '../runtime';
import { waitFor } from './wait';

/**
 * A settings.changed payload as the scheduler would publish it: the documented defaults with
 * `changes` on top, at `version`. Tests of a follower publish it to see a setting take effect.
 */
export function settingsChanged(
  version: number,
  changes: Partial<GeneralSettings> = {},
): MessagePayload<'settings.changed'> {
  return { version, settings: { ...generalSettingsDefaults(), ...changes } };
}

/**
 * Publishes settings.changed as the scheduler would, through the follower's own outbox, and
 * waits until its settings consumer has handled it (its inbox holds the message): applied
 * when newer than the projection, else ignored.
 */
export async function publishSettings(
  runtime: Pick<Runtime, 'service' | 'pool' | 'outbox'>,
  version: number,
  changes: Partial<GeneralSettings> = {},
): Promise<void> {
  const db = pgDatabase(runtime.pool);
  const { messageId } = await runtime.outbox.add(
    db,
    'settings.changed',
    settingsChanged(version, changes),
  );
  await waitFor(
    async () =>
      (
        await runtime.pool.query(
          `SELECT 1 FROM ${ident(runtime.service)}.inbox WHERE message_id = $1::uuid`,
          [messageId],
        )
      ).rowCount === 1,
    { what: `settings.changed version ${version} to be handled` },
  );
}
