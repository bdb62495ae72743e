/**
 * Every enabled Radarr/Sonarr instance read at once: the Arr step of sync_media and of the
 * on-demand Arr refresh (arr-refresh.service). The per-instance reads are in arr-read.
 */
import type { Db } from '../db';
import type { SourceUpdate } from '../sources/source-status.repository';
import { enabledOfType } from '../service-settings/service-settings.repository';
import { type ArrDeps, readRadarr, readSonarrEpisodes, readSonarrSeries } from './arr-read';
import type { SyncContext } from './context';
import { linkMovies } from './movie-links.repository';
import { linkSeries } from './series-links.repository';

/** Every instance's list at once: each is one long response, mostly waiting on the wire. */
export async function readArrLists(deps: ArrDeps, run: SyncContext): Promise<SourceUpdate[]> {
  const reads = [
    ...(await enabledOfType(deps.db, ['radarr'])).map((radarr) => readRadarr(deps, run, radarr)),
    ...(await enabledOfType(deps.db, ['sonarr'])).map((sonarr) =>
      readSonarrSeries(deps, run, sonarr),
    ),
  ];
  return (await Promise.all(reads)).flat();
}

/** Sonarr's episode lists, instance after instance (readSonarrEpisodes says which series). */
export async function readEpisodeLists(deps: ArrDeps, run: SyncContext): Promise<SourceUpdate[]> {
  const sources: SourceUpdate[] = [];
  for (const sonarr of await enabledOfType(deps.db, ['sonarr']))
    sources.push(...(await readSonarrEpisodes(deps, run, sonarr)));
  return sources;
}

/**
 * Links what the run stored to the catalog and derives the Arr facts, in one transaction;
 * returns the series whose own facts changed.
 */
export async function linkArrLists(db: Db, run: SyncContext): Promise<number[]> {
  return db.$transaction(
    async (tx) => {
      await linkMovies(tx, run.full, run.startedAt);
      return linkSeries(tx, run.full, run.startedAt);
    },
    { timeout: 600_000, maxWait: 30_000 },
  );
}
