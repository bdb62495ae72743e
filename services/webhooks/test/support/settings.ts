import type { GeneralSettings } from '@mcs/contracts';
import { settingsChanged, waitFor } from '@mcs/kit/testing';
import type { WebhooksService } from '../../src/server';

/** The owner's version: each change of a test file is newer than the one before. */
let version = 1;

/**
 * Publishes settings.changed as the scheduler would (the documented defaults with `changes`
 * on top), through the service's own outbox, and waits until the service has applied it.
 */
export async function publishSettings(
  service: WebhooksService,
  changes: Partial<GeneralSettings>,
): Promise<void> {
  version += 1;
  const published = version;
  await service.runtime.outbox.add(
    service.db,
    'settings.changed',
    settingsChanged(published, changes),
  );
  await waitFor(async () => (await service.services.settings.version()) >= published, {
    what: `settings version ${published}`,
  });
}
