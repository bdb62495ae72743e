import type { GeneralSettings } from '@mcs/contracts';
import { publishSettings as publishTo } from '@mcs/kit/testing';
import type { World } from './world';

/** settings.changed at `version` through cleanup's own outbox, once handled (kit). */
export function publishSettings(
  world: World,
  version: number,
  changes: Partial<GeneralSettings> = {},
): Promise<void> {
  return publishTo(world.service.runtime, version, changes);
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
