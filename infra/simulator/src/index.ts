/**
 * The library simulator: Jellyfin-, Plex-, Radarr-, Sonarr- and Seerr-shaped HTTP APIs over a
 * deterministic generated library, with fault knobs and a record of the writes it received.
 *
 *   const sim = await startSimulator({ movies: 1000, series: 50 });
 *   new JellyfinClient({ baseUrl: sim.urls.jellyfin, apiKey: sim.apiKeys.jellyfin });
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Faults } from './faults';
import { createApp } from './http/app';
import type { Sim } from './http/sim';
import { libraryView, type LibraryView } from './library-view';
import { Mutator } from './library/mutate';
import { RequestBook } from './library/requests';
import { LibraryState } from './library/state';
import { WatchBook } from './library/watch';
import { resolveOptions, SIM_SYSTEMS, type SimSystem, type SimulatorOptions } from './options';
import { WriteRecorder } from './recorder';

export type { FaultSettings } from './faults';
export type { ChangeSummary, WatchTarget } from './library/mutate';
export type { MovieView, SeriesView, LibraryView } from './library-view';
export type { WriteRecord } from './recorder';
export { DEFAULT_OPTIONS, SIM_SYSTEMS, type SimSystem, type SimulatorOptions } from './options';

export interface Simulator {
  /** Root URL; each system lives under its own prefix (see `urls`). */
  url: string;
  urls: Record<SimSystem, string>;
  apiKeys: Record<SimSystem, string>;
  library: LibraryView;
  faults: Faults;
  mutate: Mutator;
  /** Writes received: `list()` the DELETEs, `writes()` everything, `clear()`. */
  deletions: WriteRecorder;
  /** Jellyfin item ids being played now, one per session: push to start, empty to stop. */
  sessions: string[];
  /** Bytes deletions freed per Arr, added to its free disk space: raise it to free space. */
  freedBytes: { radarr: number; sonarr: number };
  close(): Promise<void>;
}

export async function startSimulator(partial: Partial<SimulatorOptions> = {}): Promise<Simulator> {
  const options = resolveOptions(partial);
  const state = new LibraryState(options);
  const watch = new WatchBook(state);
  const requests = new RequestBook(state);
  const sim: Sim = {
    state,
    watch,
    requests,
    mutate: new Mutator(state, watch, requests),
    faults: new Faults(options.seed),
    recorder: new WriteRecorder(),
    tags: { radarr: [{ id: 1, label: 'keep' }], sonarr: [{ id: 1, label: 'keep' }] },
    freedBytes: { radarr: 0, sonarr: 0 },
    sessions: [],
  };
  const server: Server = createApp(sim).listen(options.port, options.host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${options.host}:${port}`;
  return {
    url,
    urls: Object.fromEntries(SIM_SYSTEMS.map((system) => [system, `${url}/${system}`])) as Record<
      SimSystem,
      string
    >,
    apiKeys: options.apiKeys,
    library: libraryView(state),
    faults: sim.faults,
    mutate: sim.mutate,
    deletions: sim.recorder,
    sessions: sim.sessions,
    freedBytes: sim.freedBytes,
    close: () =>
      new Promise<void>((resolve, reject) => {
        // Hung requests (timeout faults) would otherwise keep close() waiting forever.
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
