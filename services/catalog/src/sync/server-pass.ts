/**
 * Steps 1-2 of the sync (domain.md 2.10): enumerate every enabled library of the main server
 * page by page and apply the items in batches of ≤ 1000 rows, one transaction per batch. A
 * library whose enumeration fails or does not add up is incomplete: what was read is kept,
 * but nothing of it may be concluded to have left.
 */
import { type Logger, BULK_TX } from '@mcs/kit';
import type { Db, Tx } from '../db';
import { IntegrationError } from '../integrations/errors';
import type { MediaServerClient } from '../integrations/media-server';
import type { MediaEvents } from '../messaging/media-events';
import type { LibraryRecord } from '../service-settings/library.repository';
import { applyEpisodeBatch } from './episode-batch';
import { applyMovieBatch } from './movie-batch';
import type { SyncRun } from './run';
import { applySeasonBatch } from './seasons';
import { applySeriesBatch } from './series-batch';

const BATCH = 1000;

export interface PassDeps {
  db: Db;
  events: MediaEvents;
  log: Logger;
}

/** Progress of the pass: the phase and the items of it done so far. */
export interface PassProgress {
  tick: (phase: 'movies' | 'series' | 'episodes', done: number) => Promise<void>;
}

export async function serverPass(
  deps: PassDeps,
  run: SyncRun,
  server: MediaServerClient,
  libraries: LibraryRecord[],
  since: Date | undefined,
  progress: PassProgress,
): Promise<{ error: IntegrationError | null }> {
  let error: IntegrationError | null = null;
  const options = since ? { since } : {};
  const apply = async <T>(
    pages: AsyncIterable<T[]>,
    phase: 'movies' | 'series' | 'episodes',
    write: (tx: Tx, batch: T[]) => Promise<void>,
  ) => {
    let done = 0;
    for await (const batch of rechunk(pages, BATCH)) {
      await deps.db.$transaction((tx) => write(tx, batch), BULK_TX);
      done += batch.length;
      run.itemsProcessed += batch.length;
      await progress.tick(phase, done);
    }
  };
  for (const library of libraries.filter((l) => l.enabled && !l.removedAt)) {
    try {
      if (library.mediaType === 'movie') {
        await apply(server.movies(library.externalId, options), 'movies', (tx, batch) =>
          applyMovieBatch(tx, run, deps.events, library.id, batch),
        );
      } else {
        await apply(server.series(library.externalId, options), 'series', (tx, batch) =>
          applySeriesBatch(tx, run, deps.events, library.id, batch),
        );
        await apply(server.seasons(library.externalId, options), 'series', (tx, batch) =>
          applySeasonBatch(tx, run, batch),
        );
        await apply(server.episodes(library.externalId, options), 'episodes', (tx, batch) =>
          applyEpisodeBatch(tx, run, batch),
        );
      }
      run.completeLibraries.add(library.id);
    } catch (failure) {
      if (!(failure instanceof IntegrationError)) throw failure;
      deps.log.warn(
        { library_id: library.id, code: failure.code },
        'library enumeration incomplete',
      );
      run.incompleteLibraries.add(library.id);
      error ??= failure;
    }
  }
  return { error };
}

/** Regroups pages (200 items) into write batches (≤ 1000) without holding more than one. */
export async function* rechunk<T>(pages: AsyncIterable<T[]>, size: number): AsyncGenerator<T[]> {
  let buffer: T[] = [];
  for await (const page of pages) {
    buffer.push(...page);
    while (buffer.length >= size) {
      yield buffer.slice(0, size);
      buffer = buffer.slice(size);
    }
  }
  if (buffer.length > 0) yield buffer;
}
