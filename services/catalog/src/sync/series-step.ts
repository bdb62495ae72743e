/**
 * The series step of the sync: every series library of the main server, its series list, then
 * its seasons, then its episodes with their files, batch after batch. The series and seasons
 * each batch resolves lead the later batches' episodes to them. It returns what it saw, for
 * the removals step, and the series whose own facts changed, for the facts step.
 */
import { IdSet } from '@mcs/kit';
import type { MediaServerClient } from '../integrations/media-server';
import type { LibraryRecord } from '../service-settings/library.repository';
import {
  addCounts,
  NO_COUNTS,
  UNIDENTIFIED_SAMPLE,
  type Leftover,
  type SyncCounts,
} from './context';
import { applyEpisodeBatch } from './episode-batch';
import {
  applyPages,
  eachLibrary,
  readableLibraries,
  type BatchProgress,
  type LibraryOutcome,
  type StepDeps,
} from './library-pages';
import { applySeasonBatch } from './seasons';
import { applySeriesBatch } from './series-batch';

export interface SeriesResult {
  seen: { series: IdSet; season: IdSet; episode: IdSet; episode_file: IdSet };
  /** Known files the listed episodes no longer hold (file id → why). */
  leftovers: Map<number, Leftover>;
  /** Series whose own facts (not only their children's) the step wrote. */
  rootsChanged: Set<number>;
  counts: SyncCounts;
  unidentified: string[];
  libraries: LibraryOutcome;
}

export async function syncSeries(
  deps: StepDeps,
  server: MediaServerClient,
  libraries: readonly LibraryRecord[],
  since: Date | undefined,
  progress: BatchProgress,
): Promise<SeriesResult> {
  const seen = {
    series: new IdSet(),
    season: new IdSet(),
    episode: new IdSet(),
    episode_file: new IdSet(),
  };
  const leftovers = new Map<number, Leftover>();
  const rootsChanged = new Set<number>();
  const unidentified: string[] = [];
  let counts = NO_COUNTS;
  /** Series by server id, and season ids by series and number: the episodes' lookups. */
  const series = new Map<string, number>();
  const seasons = new Map<string, number>();
  const learn = (into: Map<string, number>, entries: Iterable<[string, number]>) => {
    for (const [key, id] of entries) into.set(key, id);
  };
  const options = since ? { since } : {};
  const outcome = await eachLibrary(
    readableLibraries(libraries, 'series'),
    deps.log,
    async (library) => {
      await applyPages(
        deps.db,
        server.series(library.externalId, options),
        (tx, items) => applySeriesBatch(tx, deps.events, library.id, items, seen.series),
        async (batch, size) => {
          for (const id of batch.seriesIds) seen.series.add(id);
          for (const id of batch.rootsChanged) rootsChanged.add(id);
          learn(series, batch.byServerId);
          unidentified.push(
            ...batch.unidentified.slice(0, UNIDENTIFIED_SAMPLE - unidentified.length),
          );
          counts = addCounts(counts, batch.counts);
          await progress('series', size);
        },
      );
      await applyPages(
        deps.db,
        server.seasons(library.externalId, options),
        (tx, items) => applySeasonBatch(tx, items, series),
        async (batch, size) => {
          learn(series, batch.resolved);
          learn(seasons, batch.seasons);
          for (const [, id] of batch.seasons) seen.season.add(id);
          await progress('series', size);
        },
      );
      await applyPages(
        deps.db,
        server.episodes(library.externalId, options),
        (tx, items) => applyEpisodeBatch(tx, items, { series, seasons }),
        async (batch, size) => {
          learn(series, batch.series);
          learn(seasons, batch.seasons);
          for (const id of batch.episodeIds) seen.episode.add(id);
          for (const id of batch.fileIds) seen.episode_file.add(id);
          for (const [id, left] of batch.leftovers) leftovers.set(id, left);
          counts = addCounts(counts, batch.counts);
          await progress('episodes', size);
        },
      );
    },
  );
  return { seen, leftovers, rootsChanged, counts, unidentified, libraries: outcome };
}
