/**
 * The movies step of the sync: every movie library of the main server, batch after batch
 * (movie-batch). It returns what it saw, for the removals step to conclude what left.
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
import {
  applyPages,
  eachLibrary,
  readableLibraries,
  type BatchProgress,
  type LibraryOutcome,
  type StepDeps,
} from './library-pages';
import { applyMovieBatch } from './movie-batch';

export interface MoviesResult {
  seen: { movie: IdSet; version: IdSet };
  /** Known versions the listed movies no longer hold (version id → why). */
  leftovers: Map<number, Leftover>;
  /** New versions replacing another (version id → movie id): announced after the removal. */
  replacements: Map<number, number>;
  counts: SyncCounts;
  unidentified: string[];
  libraries: LibraryOutcome;
}

export async function syncMovies(
  deps: StepDeps,
  server: MediaServerClient,
  libraries: readonly LibraryRecord[],
  since: Date | undefined,
  progress: BatchProgress,
): Promise<MoviesResult> {
  const seen = { movie: new IdSet(), version: new IdSet() };
  const leftovers = new Map<number, Leftover>();
  const replacements = new Map<number, number>();
  const unidentified: string[] = [];
  let counts = NO_COUNTS;
  const outcome = await eachLibrary(readableLibraries(libraries, 'movie'), deps.log, (library) =>
    applyPages(
      deps.db,
      server.movies(library.externalId, since ? { since } : {}),
      (tx, items) => applyMovieBatch(tx, deps.events, library.id, items, seen),
      async (batch, size) => {
        for (const id of batch.movieIds) seen.movie.add(id);
        for (const id of batch.versionIds) seen.version.add(id);
        for (const [id, left] of batch.leftovers) leftovers.set(id, left);
        for (const [id, movieId] of batch.replacements) replacements.set(id, movieId);
        unidentified.push(
          ...batch.unidentified.slice(0, UNIDENTIFIED_SAMPLE - unidentified.length),
        );
        counts = addCounts(counts, batch.counts);
        await progress('movies', size);
      },
    ),
  );
  return { seen, leftovers, replacements, counts, unidentified, libraries: outcome };
}
