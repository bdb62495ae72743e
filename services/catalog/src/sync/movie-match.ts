import { num } from '@mcs/kit';
/**
 * Which catalog movie each server item is (domain.md 1.5, 1.10): the one already linked to the
 * server item, else the live movie with its tmdb_id, else the newest soft-removed one (which a
 * sync restores). An item whose tmdb_id cannot be resolved is not imported.
 */
import type { ServerMovie } from '../integrations/records';
import type { Tx } from '../db';
import type { Row } from './rows';
import type { SyncRun } from './run';

export interface MovieRow extends Row {
  id: bigint;
  tmdb_id: number;
  imdb_id: string | null;
  title: string;
  original_title: string | null;
  year: number | null;
  genres: string[];
  library_ids: bigint[];
  server_item_id: string | null;
  removed_at: Date | null;
}

export interface MovieGroup {
  tmdbId: number;
  /** Server items that are this movie (usually one; duplicates merge their files). */
  items: ServerMovie[];
  existing: MovieRow | null;
}

export async function matchMovies(
  tx: Tx,
  run: SyncRun,
  items: ServerMovie[],
): Promise<MovieGroup[]> {
  const serverIds = items.map((item) => item.externalId);
  const imdbOnly = items.filter((i) => i.providerIds.tmdb === null && i.providerIds.imdb);
  const arrTmdb = await tmdbByImdb(
    tx,
    imdbOnly.map((item) => item.providerIds.imdb as string),
  );
  const rows = await tx.$queryRaw<MovieRow[]>`
    SELECT id, tmdb_id, imdb_id, title, original_title, year, genres, library_ids,
           server_item_id, removed_at
      FROM movies
     WHERE server_item_id = ANY(${serverIds}::text[])
        OR tmdb_id = ANY(${items.flatMap((i) => i.providerIds.tmdb ?? [])}::int[])
        OR tmdb_id = ANY(${[...arrTmdb.values()]}::int[])`;
  const byServer = new Map(rows.filter((r) => r.server_item_id).map((r) => [r.server_item_id, r]));
  const groups = new Map<number, MovieGroup>();
  for (const item of items) {
    const linked = byServer.get(item.externalId);
    // An item keeps the tmdb_id it had even if the server stops reporting one (ids never flip).
    const tmdbId =
      item.providerIds.tmdb ??
      linked?.tmdb_id ??
      (item.providerIds.imdb ? arrTmdb.get(item.providerIds.imdb) : undefined);
    if (tmdbId === undefined) {
      run.noteUnidentified(item.title);
      continue;
    }
    const group = groups.get(tmdbId) ?? { tmdbId, items: [], existing: pick(rows, tmdbId, linked) };
    group.items.push(item);
    groups.set(tmdbId, group);
  }
  return [...groups.values()];
}

/** The live movie with the tmdb_id wins; else the linked one; else the newest removed one. */
function pick(rows: MovieRow[], tmdbId: number, linked: MovieRow | undefined): MovieRow | null {
  const candidates = rows.filter((row) => row.tmdb_id === tmdbId);
  const live = candidates.find((row) => row.removed_at === null);
  if (live) return live;
  if (linked && linked.tmdb_id === tmdbId) return linked;
  return candidates.sort((a, b) => num(b.id) - num(a.id))[0] ?? null;
}

/** Radarr knows the tmdb_id of a movie the server reports with an IMDb id only. */
async function tmdbByImdb(tx: Tx, imdbIds: string[]): Promise<Map<string, number>> {
  if (imdbIds.length === 0) return new Map();
  const rows = await tx.$queryRaw<{ imdb_id: string; tmdb_id: number }[]>`
    SELECT DISTINCT imdb_id, tmdb_id FROM arr_movies
     WHERE imdb_id = ANY(${imdbIds}::text[]) AND tmdb_id IS NOT NULL`;
  return new Map(rows.map((row) => [row.imdb_id, row.tmdb_id]));
}
