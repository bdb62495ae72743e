/**
 * Steps 1-2 of the sync (domain.md 2.10): every enabled library of the main server is read
 * page by page and its items applied in batches of ≤ 1000 rows, one transaction per batch. A
 * library whose enumeration fails or does not add up is incomplete: what was read is kept,
 * but nothing of it may be concluded to have left.
 */
import { type Logger, BULK_TX } from '@mcs/kit';
import type { Db, Tx } from '../db';
import type { MediaEvents } from '../messaging/media-events';
import { IntegrationError } from '../integrations/errors';
import type { LibraryRecord } from '../service-settings/library.repository';

const BATCH = 1000;

/** The libraries a step could not read completely, and the first failure among them. */
export interface LibraryOutcome {
  incomplete: number[];
  error: IntegrationError | null;
}

export interface StepDeps {
  db: Db;
  events: MediaEvents;
  log: Logger;
}

/** A step's progress: `size` more items of `phase` were written. */
export type BatchProgress = (
  phase: 'movies' | 'series' | 'episodes',
  size: number,
) => Promise<void>;

/** The libraries a step reads: enabled, still reported by the server, of its media type. */
export function readableLibraries(
  libraries: readonly LibraryRecord[],
  mediaType: LibraryRecord['mediaType'],
): LibraryRecord[] {
  return libraries.filter((l) => l.enabled && !l.removedAt && l.mediaType === mediaType);
}

/** Reads each library; a library the server fails to list is incomplete, the others go on. */
export async function eachLibrary(
  libraries: readonly LibraryRecord[],
  log: Logger,
  read: (library: LibraryRecord) => Promise<void>,
): Promise<LibraryOutcome> {
  const outcome: LibraryOutcome = { incomplete: [], error: null };
  for (const library of libraries) {
    try {
      await read(library);
    } catch (failure) {
      if (!(failure instanceof IntegrationError)) throw failure;
      log.warn({ library_id: library.id, code: failure.code }, 'library enumeration incomplete');
      outcome.incomplete.push(library.id);
      outcome.error ??= failure;
    }
  }
  return outcome;
}

/** Both outcomes: libraries of both kinds, the first failure (the movies step's first). */
export function bothOutcomes(a: LibraryOutcome, b: LibraryOutcome): LibraryOutcome {
  return {
    incomplete: [...a.incomplete, ...b.incomplete],
    error: a.error ?? b.error,
  };
}

/**
 * Writes the pages in batches, one transaction each, and hands each batch's result on once
 * it is committed.
 */
export async function applyPages<T, R>(
  db: Db,
  pages: AsyncIterable<T[]>,
  write: (tx: Tx, batch: T[]) => Promise<R>,
  committed: (result: R, size: number) => Promise<void>,
): Promise<void> {
  for await (const batch of rechunk(pages, BATCH)) {
    const result = await db.$transaction((tx) => write(tx, batch), BULK_TX);
    await committed(result, batch.length);
  }
}

/** Regroups pages (200 items) into write batches (≤ 1000) without holding more than one. */
async function* rechunk<T>(pages: AsyncIterable<T[]>, size: number): AsyncGenerator<T[]> {
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
