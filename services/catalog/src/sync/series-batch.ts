import { num, type ReadonlyIdSet } from '@mcs/kit';
/**
 * Batches of the main server's series list. Series are matched like movies (server item, then
 * tmdb_id, restoring a soft-removed one). Each batch returns the server ids it resolved, which
 * lead the season and episode batches that follow to their series.
 */
import type { ServerSeries } from '../integrations/records';
import type { MediaEvents } from '../messaging/media-events';
import type { Tx } from '../db';
import type { SyncCounts } from './context';
import { differs, type Columns, type Row } from './rows';
import {
  liveSeriesByServerId,
  seriesCandidates,
  tmdbByTvdb,
  type SeriesRow,
} from './series.repository';
import { allocateIds, insertRows, updateRows } from './sync.repository';

const SERIES_COLUMNS: Columns = {
  id: 'bigint',
  tmdb_id: 'int',
  tvdb_id: 'text',
  imdb_id: 'text',
  title: 'text',
  original_title: 'text',
  year: 'int',
  genres: 'text[]',
  added_at: 'timestamptz',
  library_ids: 'bigint[]',
  server_item_id: 'text',
  removed_at: 'timestamptz',
};

/** What one batch wrote and found. */
export interface SeriesBatch {
  seriesIds: number[];
  /** Every server item of a series (duplicates included), with the series it is. */
  byServerId: [string, number][];
  /** Series whose own facts (not only their children's) the batch wrote. */
  rootsChanged: number[];
  counts: Partial<SyncCounts>;
  unidentified: string[];
}

/** `seen`: the series the step listed before this batch (in another library, say). */
export async function applySeriesBatch(
  tx: Tx,
  events: MediaEvents,
  libraryId: number,
  items: ServerSeries[],
  seen: ReadonlyIdSet,
): Promise<SeriesBatch> {
  const arrTmdb = await tmdbByTvdb(
    tx,
    items.flatMap((i) => (i.providerIds.tmdb ? [] : (i.providerIds.tvdb ?? []))),
  );
  const rows = await seriesCandidates(tx, {
    serverIds: items.map((i) => i.externalId),
    tmdbIds: [...items.flatMap((i) => i.providerIds.tmdb ?? []), ...arrTmdb.values()],
  });
  const unidentified: string[] = [];
  const planned = new Map<number, { item: ServerSeries; existing: SeriesRow | null }>();
  const tmdbOfItem = new Map<string, number>();
  for (const item of items) {
    const linked = rows.find((row) => row.server_item_id === item.externalId);
    const tmdbId =
      item.providerIds.tmdb ??
      linked?.tmdb_id ??
      (item.providerIds.tvdb ? arrTmdb.get(item.providerIds.tvdb) : undefined);
    if (tmdbId === undefined) {
      unidentified.push(item.title);
      continue;
    }
    tmdbOfItem.set(item.externalId, tmdbId);
    if (!planned.has(tmdbId)) planned.set(tmdbId, { item, existing: pick(rows, tmdbId, linked) });
  }
  const fresh = await allocateIds(
    tx,
    'series',
    [...planned.values()].filter((p) => !p.existing).length,
  );
  const inserts: Row[] = [];
  const updates: Row[] = [];
  const restored: number[] = [];
  const idsByTmdb = new Map<number, number>();
  for (const [tmdbId, { item, existing }] of planned) {
    const id = existing ? num(existing.id) : (fresh.shift() as number);
    idsByTmdb.set(tmdbId, id);
    const libraries = seen.has(id)
      ? [...new Set([...(existing?.library_ids ?? []).map(Number), libraryId])]
      : [libraryId];
    const row = {
      id,
      tmdb_id: tmdbId,
      tvdb_id: item.providerIds.tvdb ?? existing?.tvdb_id ?? null,
      imdb_id: item.providerIds.imdb ?? existing?.imdb_id ?? null,
      title: item.title,
      original_title: item.originalTitle,
      year: item.year,
      genres: existing?.metadata_refreshed_at ? existing.genres : item.genres,
      added_at: item.addedAt?.toISOString() ?? null,
      library_ids: libraries,
      server_item_id: item.externalId,
      removed_at: null,
    };
    if (!existing) inserts.push(row);
    else if (differs(existing, row)) updates.push(row);
    if (existing?.removed_at) restored.push(id);
  }
  await insertRows(tx, 'series', SERIES_COLUMNS, inserts);
  await updateRows(tx, 'series', SERIES_COLUMNS, updates);
  await events.addAll(
    tx,
    'media.restored',
    restored.map((id) => ({ media_type: 'series' as const, media_id: id })),
  );
  return {
    seriesIds: [...idsByTmdb.values()],
    // Every server item of a series (duplicates included) leads its episodes to it.
    byServerId: [...tmdbOfItem].map(([serverId, tmdbId]) => [
      serverId,
      idsByTmdb.get(tmdbId) as number,
    ]),
    rootsChanged: [...inserts, ...updates].map((row) => row.id as number),
    counts: {
      added: inserts.length,
      updated: updates.length,
      restored: restored.length,
      unidentified: unidentified.length,
    },
    unidentified,
  };
}

function pick(rows: SeriesRow[], tmdbId: number, linked: SeriesRow | undefined) {
  const candidates = rows.filter((row) => row.tmdb_id === tmdbId);
  const live = candidates.find((row) => row.removed_at === null);
  if (live) return live;
  if (linked && linked.tmdb_id === tmdbId) return linked;
  return candidates.sort((a, b) => num(b.id) - num(a.id))[0] ?? null;
}

/**
 * The series of server ids the step has not listed (incremental runs list changed items
 * only), as far as the catalog knows them: the entries to add to `known`.
 */
export async function resolveSeries(
  tx: Tx,
  known: ReadonlyMap<string, number>,
  serverIds: string[],
): Promise<Map<string, number>> {
  const missing = [...new Set(serverIds)].filter((id) => !known.has(id));
  if (missing.length === 0) return new Map();
  return liveSeriesByServerId(tx, missing);
}
