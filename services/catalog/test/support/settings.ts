import type { GeneralSettings } from '@mcs/contracts';
import { SecretBox } from '@mcs/kit';
import { publishSettings, TEST_ENCRYPTION_KEYS } from '@mcs/kit/testing';
import { SCHEMA } from '../../src/db';
import type { CatalogService } from '../../src/server';

/**
 * The settings catalog starts with, as if the owner had said so before any test (version 0, so
 * the first settings.changed a test publishes wins). The network is sealed: a sync must not
 * reach for the official IMDb dataset unless a test points it at its own.
 */
export async function seedSettings(
  service: CatalogService,
  settings: Partial<GeneralSettings> = { imdb_ratings_enabled: false },
): Promise<void> {
  await service.runtime.pool.query(
    `INSERT INTO ${SCHEMA}.settings_projection (id, version, settings, applied_at)
     VALUES (1, 0, $1::jsonb, now()) ON CONFLICT (id) DO NOTHING`,
    [JSON.stringify(settings)],
  );
}

/** settings.changed at `version` through catalog's own outbox, once handled (kit). */
export function changeSettings(
  service: CatalogService,
  version: number,
  changes: Partial<GeneralSettings>,
): Promise<void> {
  return publishSettings(service.runtime, version, changes);
}

/** A secret sealed as the scheduler seals it (same ENCRYPTION_KEYS as catalog's tests). */
export const sealed = (secret: string, keys = TEST_ENCRYPTION_KEYS) =>
  new SecretBox(keys).seal(secret);
