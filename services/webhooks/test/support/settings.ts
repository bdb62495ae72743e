import type { GeneralSettings } from '@mcs/contracts';
import { publishSettings as publishTo } from '@mcs/kit/testing';
import type { WebhooksService } from '../../src/server';

/** The owner's version: each change of a test file is newer than the one before. */
let version = 1;

/** settings.changed, newer than the last, through the service's own outbox, once handled. */
export function publishSettings(
  service: WebhooksService,
  changes: Partial<GeneralSettings>,
): Promise<void> {
  version += 1;
  return publishTo(service.runtime, version, changes);
}
