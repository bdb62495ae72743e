import { num } from '@mcs/kit';
/**
 * Which catalog movie each server item is (domain.md 1.5, 1.10): the one already linked to the
 * server item, else the live movie with its tmdb_id, else the newest soft-removed one (which a
 * sync restores). An item whose tmdb_id cannot be resolved is not imported.
 */
import type { ServerMovie } from '../integrations/records';
import type { Tx } from '../db';
import { movieCandidates, tmdbByImdb, type MovieRow } from './movies.repository';

export interface MovieGroup {
  tmdbId: number;
  /** Server items that are this movie (usually one; duplicates merge their files). */
  items: ServerMovie[];
  existing: MovieRow | null;
}

/** The batch's items grouped by movie, and the titles of those that could not be identified. */
export async function matchMovies(
  tx: Tx,
  items: ServerMovie[],
): Promise<{ groups: MovieGroup[]; unidentified: string[] }> {
  const imdbOnly = items.filter((i) => i.providerIds.tmdb === null && i.providerIds.imdb);
  const arrTmdb = await tmdbByImdb(
    tx,
    imdbOnly.map((item) => item.providerIds.imdb as string),
  );
  const rows = await movieCandidates(tx, {
    serverIds: items.map((item) => item.externalId),
    tmdbIds: [...items.flatMap((i) => i.providerIds.tmdb ?? []), ...arrTmdb.values()],
  });
  const byServer = new Map(rows.filter((r) => r.server_item_id).map((r) => [r.server_item_id, r]));
  const groups = new Map<number, MovieGroup>();
  const unidentified: string[] = [];
  for (const item of items) {
    const linked = byServer.get(item.externalId);
    // An item keeps the tmdb_id it had even if the server stops reporting one (ids never flip).
    const tmdbId =
      item.providerIds.tmdb ??
      linked?.tmdb_id ??
      (item.providerIds.imdb ? arrTmdb.get(item.providerIds.imdb) : undefined);
    if (tmdbId === undefined) {
      unidentified.push(item.title);
      continue;
    }
    const group = groups.get(tmdbId) ?? { tmdbId, items: [], existing: pick(rows, tmdbId, linked) };
    group.items.push(item);
    groups.set(tmdbId, group);
  }
  return { groups: [...groups.values()], unidentified };
}

/** The live movie with the tmdb_id wins; else the linked one; else the newest removed one. */
function pick(rows: MovieRow[], tmdbId: number, linked: MovieRow | undefined): MovieRow | null {
  const candidates = rows.filter((row) => row.tmdb_id === tmdbId);
  const live = candidates.find((row) => row.removed_at === null);
  if (live) return live;
  if (linked && linked.tmdb_id === tmdbId) return linked;
  return candidates.sort((a, b) => num(b.id) - num(a.id))[0] ?? null;
}
