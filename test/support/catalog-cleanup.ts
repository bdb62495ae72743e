import type { SimulatorOptions } from '../../infra/simulator/src';
import { callSigned } from '@mcs/kit/testing';
import { startCleanup, type CleanupService } from '../../services/cleanup/src/server';
import { startWorld, type World } from '../../services/catalog/test/support/world';

export interface CatalogAndCleanup {
  catalog: World;
  cleanup: CleanupService;
  /** A call to cleanup's internal API as an administrator, signed as the gateway would. */
  admin: <T>(method: string, url: string, body?: unknown) => ReturnType<typeof callSigned<T>>;
}

/**
 * Catalog on the library simulator (Radarr and Sonarr configured, one full sync done) and
 * cleanup on the same test environment, so cleanup's projection follows catalog's facts. Read
 * the properties inside tests and hooks only (beforeAll fills them in).
 */
export function useCatalogAndCleanup(sim: Partial<SimulatorOptions>): CatalogAndCleanup {
  const world = {
    admin: (method, url, body) =>
      callSigned('cleanup', world.cleanup.url, method, url, {
        principal: { type: 'user', id: 1, role: 'admin' },
        body,
      }),
  } as CatalogAndCleanup;
  beforeAll(async () => {
    world.catalog = await startWorld({ sim });
    world.cleanup = await startCleanup({ runtime: world.catalog.env.runtimeConfig() });
    await world.catalog.configure(['radarr', 'sonarr']);
    expect((await world.catalog.runTask('sync_media')).status).toBe('completed');
    // Two services and a first full sync: longer than one test's limit on a loaded machine.
  }, 120_000);
  afterAll(async () => {
    await world.cleanup.stop();
    await world.catalog.close();
  });
  return world;
}
