/**
 * Applies removals (a sync's, a confirmed alert's, a file operation's): soft-removes movies
 * and series, marks versions and episode files as left (with their cause), unlinks episodes
 * from removed files, and records the catalog events of domain.md 1.11 in the same
 * transaction. A replacement announces the old version's removal before the new version's
 * addition.
 */
import { envelope, type Envelope, num } from '@mcs/kit';
import type { MediaEvents } from '../messaging/media-events';
import type { Tx } from '../db';
import {
  markEpisodeFilesRemoved,
  markItemsRemoved,
  markVersionsRemoved,
  type FileRemoval,
} from './removals.repository';

export async function removeItems(
  tx: Tx,
  events: MediaEvents,
  kind: 'movie' | 'series',
  ids: number[],
  now: Date,
): Promise<number> {
  if (ids.length === 0) return 0;
  const removed = await markItemsRemoved(tx, kind, ids, now);
  await events.addAll(
    tx,
    'media.removed',
    removed.map((id) => ({ media_type: kind, media_id: id, removed_at: now.toISOString() })),
  );
  return removed.length;
}

export async function removeVersions(
  tx: Tx,
  events: MediaEvents,
  removals: FileRemoval[],
  now: Date,
  announce: (replacedBy: number) => { movie_id: number; version_id: number } | null,
): Promise<number> {
  if (removals.length === 0) return 0;
  const rows = await markVersionsRemoved(tx, removals, now);
  // One insert for all the events (one per removal took a round trip each), each
  // replacement's addition right after its removal.
  const messages: Envelope[] = [];
  for (const row of rows) {
    const replacedBy = row.replaced_by === null ? null : num(row.replaced_by);
    messages.push(
      envelope('media.version_removed', {
        movie_id: num(row.movie_id),
        version_id: num(row.id),
        cause: row.cause,
        replaced_by_version_id: replacedBy,
      }),
    );
    const added = replacedBy === null ? null : announce(replacedBy);
    if (added) messages.push(envelope('media.version_added', added));
  }
  await events.addInOrder(tx, messages);
  return rows.length;
}

export async function removeEpisodeFiles(
  tx: Tx,
  events: MediaEvents,
  removals: FileRemoval[],
  now: Date,
): Promise<number> {
  if (removals.length === 0) return 0;
  const rows = await markEpisodeFilesRemoved(tx, removals, now);
  await events.addAll(
    tx,
    'media.episode_file_removed',
    rows
      // A file that holds no episode (any more) has nothing to tell cleanup.
      .filter((row) => row.episode_ids.length > 0)
      .map((row) => ({
        series_id: num(row.series_id),
        episode_file_id: num(row.id),
        episode_ids: row.episode_ids.map(Number),
        cause: row.cause,
        replaced_by_file_id: row.replaced_by === null ? null : num(row.replaced_by),
      })),
  );
  return rows.length;
}

/**
 * The version_added of replacements that were not announced (their removal is held), given
 * as version id → movie id.
 */
export async function announceReplacements(
  tx: Tx,
  events: MediaEvents,
  unannounced: ReadonlyMap<number, number>,
) {
  const pending = [...unannounced].map(([versionId, movieId]) => ({
    movie_id: movieId,
    version_id: versionId,
  }));
  await events.addAll(tx, 'media.version_added', pending);
}
