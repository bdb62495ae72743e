/**
 * These tests drive the simulator with catalog's real integration clients: if their shapes and
 * the simulator's drift apart, these tests fail. They live with catalog because infra depends on
 * no service.
 */
import { DateSanitiser } from '../../src/integrations/dates';
import { JellyfinClient } from '../../src/integrations/jellyfin';
import { PlexClient } from '../../src/integrations/plex';
import { RadarrClient } from '../../src/integrations/radarr';
import { SeerrClient } from '../../src/integrations/seerr';
import { SonarrClient } from '../../src/integrations/sonarr';
import type { Simulator, SimSystem } from '../../../../infra/simulator/src';
import type { ListBatch } from '../../src/integrations/http';

export interface Clients {
  jellyfin: JellyfinClient;
  plex: PlexClient;
  radarr: RadarrClient;
  sonarr: SonarrClient;
  seerr: SeerrClient;
  dates: DateSanitiser;
  close(): void;
}

/** Clients whose retries do not wait (the simulator's faults are immediate). */
export function clientsFor(sim: Simulator, extra: { timeoutSeconds?: number } = {}): Clients {
  const dates = new DateSanitiser();
  const config = (system: SimSystem) => ({
    baseUrl: sim.urls[system],
    apiKey: sim.apiKeys[system],
    timeoutSeconds: extra.timeoutSeconds ?? 10,
    dates,
    sleep: () => Promise.resolve(),
  });
  const clients = {
    jellyfin: new JellyfinClient(config('jellyfin')),
    plex: new PlexClient(config('plex')),
    radarr: new RadarrClient(config('radarr')),
    sonarr: new SonarrClient(config('sonarr')),
    seerr: new SeerrClient(config('seerr')),
  };
  return {
    ...clients,
    dates,
    close: () => Object.values(clients).forEach((client) => client.close()),
  };
}

/** Every element of a paged or streamed list (a streamed list's values, none known). */
export async function collect<T>(pages: AsyncIterable<T[] | ListBatch<T>>): Promise<T[]> {
  const all: T[] = [];
  for await (const page of pages)
    all.push(...(Array.isArray(page) ? page : page.items.map((item) => item.value)));
  return all;
}
