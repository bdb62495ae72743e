import { num, type ReadonlyIdSet } from '@mcs/kit';
/**
 * One batch (≤ 1000 items) of the main server's movie list: match each item to its movie,
 * write new and changed movies and versions in bulk, and say which known versions the items
 * no longer hold (they leave at the end of the run, through the guard on a full sync).
 */
import { identifyFiles } from '../domain/file-identity';
import type { MediaFileRecord, ServerMovie } from '../integrations/records';
import type { MediaEvents } from '../messaging/media-events';
import type { Tx } from '../db';
import type { Leftover, SyncCounts } from './context';
import { FILE_COLUMNS, fileRow, knownFile, observedFile, type StoredFile } from './file-rows';
import { matchMovies, type MovieGroup } from './movie-match';
import { liveVersions } from './movies.repository';
import { differs, type Columns, type Row } from './rows';
import { allocateIds, arrKeysByPath, insertRows, touch, updateRows } from './sync.repository';

const MOVIE_COLUMNS: Columns = {
  id: 'bigint',
  tmdb_id: 'int',
  imdb_id: 'text',
  title: 'text',
  original_title: 'text',
  year: 'int',
  genres: 'text[]',
  library_ids: 'bigint[]',
  server_item_id: 'text',
  removed_at: 'timestamptz',
};

const VERSION_COLUMNS: Columns = {
  id: 'bigint',
  movie_id: 'bigint',
  ...FILE_COLUMNS,
  server_part_id: 'text',
};

/** What the movies step has seen before this batch, in this run. */
export interface SeenMovies {
  movie: ReadonlyIdSet;
  version: ReadonlyIdSet;
}

/** What one batch wrote and found. */
export interface MovieBatch {
  movieIds: number[];
  versionIds: number[];
  /** Known versions the items no longer hold. */
  leftovers: [number, Leftover][];
  /** New versions replacing another (version id → movie id): announced after the removal. */
  replacements: [number, number][];
  counts: Partial<SyncCounts>;
  unidentified: string[];
}

export async function applyMovieBatch(
  tx: Tx,
  events: MediaEvents,
  libraryId: number,
  items: ServerMovie[],
  seen: SeenMovies,
): Promise<MovieBatch> {
  const { groups, unidentified } = await matchMovies(tx, items);
  const fresh = await allocateIds(tx, 'movies', groups.filter((g) => !g.existing).length);
  const ids = new Map<MovieGroup, number>();
  const inserts: Row[] = [];
  const updates: Row[] = [];
  const restored: number[] = [];
  for (const group of groups) {
    const id = group.existing ? num(group.existing.id) : (fresh.shift() as number);
    ids.set(group, id);
    const row = movieRow(seen.movie.has(id), group, id, libraryId);
    if (!group.existing) inserts.push(row);
    else if (differs(group.existing, row)) updates.push(row);
    if (group.existing?.removed_at) restored.push(id);
  }
  await insertRows(tx, 'movies', MOVIE_COLUMNS, inserts);
  await updateRows(tx, 'movies', MOVIE_COLUMNS, updates);
  await events.addAll(
    tx,
    'media.restored',
    restored.map((id) => ({ media_type: 'movie' as const, media_id: id })),
  );
  const versions = await applyVersions(tx, events, groups, ids, seen.version);
  return {
    movieIds: [...ids.values()],
    versionIds: versions.seen,
    leftovers: versions.leftovers,
    replacements: versions.replacements,
    counts: {
      added: inserts.length + versions.added,
      updated: updates.length,
      restored: restored.length,
      renamed: versions.renamed,
      unidentified: unidentified.length,
    },
    unidentified,
  };
}

/** `seenBefore`: an earlier batch of this step listed the movie (another library's: it is in both). */
function movieRow(seenBefore: boolean, group: MovieGroup, id: number, libraryId: number): Row {
  const [item] = group.items as [ServerMovie];
  const stored = group.existing;
  const libraries = seenBefore
    ? [...new Set([...(stored?.library_ids ?? []).map(Number), libraryId])].sort((a, b) => a - b)
    : [libraryId];
  return {
    id,
    tmdb_id: group.tmdbId,
    imdb_id: item.providerIds.imdb ?? stored?.imdb_id ?? null,
    title: item.title,
    original_title: item.originalTitle,
    year: item.year,
    genres: stored?.metadata_refreshed_at ? stored.genres : item.genres,
    library_ids: libraries,
    server_item_id: item.externalId,
    removed_at: null,
  };
}

async function applyVersions(
  tx: Tx,
  events: MediaEvents,
  groups: MovieGroup[],
  ids: Map<MovieGroup, number>,
  seenBefore: ReadonlyIdSet,
) {
  const stored = await liveVersions(tx, [...ids.values()]);
  const observedOf = (group: MovieGroup) => uniqueByPath(group.items.flatMap((i) => i.files));
  const arrKeys = await arrKeysByPath(
    tx,
    'arr_movies',
    groups.flatMap((group) => observedOf(group).map((file) => file.path)),
  );
  const plans = groups.map((group) => {
    const movieId = ids.get(group) as number;
    // Versions another item of this run already claimed are not this item's to match.
    const known = stored.filter((v) => num(v.movie_id) === movieId && !seenBefore.has(num(v.id)));
    const files = observedOf(group);
    const identity = identifyFiles(
      known.map(knownFile),
      files.map((file) => observedFile(file, arrKeys.get(file.path) ?? null)),
    );
    return { group, movieId, known, files, identity };
  });
  const fresh = await allocateIds(
    tx,
    'movie_versions',
    plans.reduce((sum, plan) => sum + plan.identity.added.length, 0),
  );
  const inserts: Row[] = [];
  const updates: Row[] = [];
  const touched: number[] = [];
  const announced: { movie_id: number; version_id: number }[] = [];
  const seen: number[] = [];
  const leftovers: [number, Leftover][] = [];
  const replacements: [number, number][] = [];
  let renamed = 0;
  for (const { group, movieId, known, files, identity } of plans) {
    const newIds = new Map(identity.added.map((index) => [index, fresh.shift() as number]));
    for (const match of identity.matched) {
      const storedRow = known.find((row) => num(row.id) === match.id) as StoredFile;
      const row = versionRow(match.id, movieId, files[match.observed], arrKeys, storedRow);
      if (differs(storedRow, row)) {
        updates.push(row);
        touched.push(movieId);
      }
      if (match.renamed) renamed += 1;
      seen.push(match.id);
    }
    const replacing = new Set(identity.left.map((left) => left.replacedBy));
    for (const [index, id] of newIds) {
      inserts.push(versionRow(id, movieId, files[index], arrKeys));
      seen.push(id);
      touched.push(movieId);
      if (replacing.has(index)) replacements.push([id, movieId]);
      // A new movie's versions travel in its facts; only an existing movie announces one.
      else if (group.existing) announced.push({ movie_id: movieId, version_id: id });
    }
    for (const left of identity.left) {
      const replacedBy = left.replacedBy === null ? null : (newIds.get(left.replacedBy) ?? null);
      leftovers.push([left.id, { cause: left.cause, replacedBy }]);
      touched.push(movieId);
    }
  }
  await insertRows(tx, 'movie_versions', VERSION_COLUMNS, inserts);
  await updateRows(tx, 'movie_versions', VERSION_COLUMNS, updates);
  await touch(tx, 'movies', touched);
  await events.addAll(tx, 'media.version_added', announced);
  return { seen, leftovers, replacements, renamed, added: inserts.length };
}

function versionRow(
  id: number,
  movieId: number,
  file: MediaFileRecord | undefined,
  arrKeys: Map<string, string>,
  stored?: StoredFile,
): Row {
  const record = file as MediaFileRecord;
  return {
    id,
    movie_id: movieId,
    ...fileRow(record, arrKeys.get(record.path) ?? null, stored),
    server_part_id: record.partId,
  };
}

function uniqueByPath(files: MediaFileRecord[]): MediaFileRecord[] {
  const byPath = new Map<string, MediaFileRecord>();
  for (const file of files) if (!byPath.has(file.path)) byPath.set(file.path, file);
  return [...byPath.values()];
}
