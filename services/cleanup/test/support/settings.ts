import type { GeneralSettings } from '@mcs/contracts';
import { settingsChanged, waitFor } from '@mcs/kit/testing';
import type { World } from './world';

/**
 * Publishes settings.changed as the scheduler would (the documented defaults with `changes` on
 * top, at `version`), through cleanup's own outbox, and waits until cleanup's settings
 * consumer has handled it: applied when newer than its projection, else ignored.
 */
export async function publishSettings(
  world: World,
  version: number,
  changes: Partial<GeneralSettings> = {},
): Promise<void> {
  const { service } = world;
  const { messageId } = await service.runtime.outbox.add(
    service.db,
    'settings.changed',
    settingsChanged(version, changes),
  );
  await waitFor(
    async () => {
      const [row] = await service.db.$queryRaw<{ handled: boolean }[]>`
        SELECT EXISTS (SELECT 1 FROM inbox WHERE message_id = ${messageId}::uuid) AS handled`;
      return row?.handled;
    },
    { what: `settings.changed version ${version} to be handled` },
  );
}

/** Publications each one version newer than the one before; each returns its version. */
export function settingsPublisher(world: World) {
  let version = 1;
  return async (changes: Partial<GeneralSettings> = {}): Promise<number> => {
    version += 1;
    await publishSettings(world, version, changes);
    return version;
  };
}
