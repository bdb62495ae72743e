import { num } from '@mcs/kit';
/**
 * Batches of the main server's series and season lists. Series are matched like movies
 * (server item, then tmdb_id, restoring a soft-removed one); seasons by series and number.
 * The run remembers server series ids and season ids for the episode batches that follow.
 */
import type { ServerSeries } from '../integrations/records';
import type { MediaEvents } from '../messaging/media-events';
import type { Tx } from '../db';
import { allocateIds, differs, insertRows, updateRows, type Columns, type Row } from './rows';
import type { SyncRun } from './run';

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

interface SeriesRow extends Row {
  id: bigint;
  tmdb_id: number;
  tvdb_id: string | null;
  imdb_id: string | null;
  library_ids: bigint[];
  server_item_id: string | null;
  removed_at: Date | null;
}

export async function applySeriesBatch(
  tx: Tx,
  run: SyncRun,
  events: MediaEvents,
  libraryId: number,
  items: ServerSeries[],
): Promise<void> {
  const arrTmdb = await tmdbByTvdb(
    tx,
    items.flatMap((i) => (i.providerIds.tmdb ? [] : (i.providerIds.tvdb ?? []))),
  );
  const rows = await tx.$queryRaw<SeriesRow[]>`
    SELECT id, tmdb_id, tvdb_id, imdb_id, title, original_title, year, genres, added_at,
           library_ids, server_item_id, removed_at
      FROM series
     WHERE server_item_id = ANY(${items.map((i) => i.externalId)}::text[])
        OR tmdb_id = ANY(${items.flatMap((i) => i.providerIds.tmdb ?? [])}::int[])
        OR tmdb_id = ANY(${[...arrTmdb.values()]}::int[])`;
  const planned = new Map<number, { item: ServerSeries; existing: SeriesRow | null }>();
  const tmdbOfItem = new Map<string, number>();
  for (const item of items) {
    const linked = rows.find((row) => row.server_item_id === item.externalId);
    const tmdbId =
      item.providerIds.tmdb ??
      linked?.tmdb_id ??
      (item.providerIds.tvdb ? arrTmdb.get(item.providerIds.tvdb) : undefined);
    if (tmdbId === undefined) {
      run.noteUnidentified(item.title);
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
    const libraries = run.seen.series.has(id)
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
      genres: item.genres,
      added_at: item.addedAt?.toISOString() ?? null,
      library_ids: libraries,
      server_item_id: item.externalId,
      removed_at: null,
    };
    if (!existing) inserts.push(row);
    else if (differs(existing, row)) updates.push(row);
    if (existing?.removed_at) restored.push(id);
    run.seen.series.add(id);
  }
  // Every server item of a series (duplicates included) leads its episodes to it.
  for (const [serverId, tmdbId] of tmdbOfItem)
    run.seriesByServerId.set(serverId, idsByTmdb.get(tmdbId) as number);
  await insertRows(tx, 'series', SERIES_COLUMNS, inserts);
  await updateRows(tx, 'series', SERIES_COLUMNS, updates);
  for (const row of [...inserts, ...updates]) run.seriesRootsChanged.add(row.id as number);
  run.counts.added += inserts.length;
  run.counts.updated += updates.length;
  run.counts.restored += restored.length;
  await events.addAll(
    tx,
    'media.restored',
    restored.map((id) => ({ media_type: 'series' as const, media_id: id })),
  );
}

function pick(rows: SeriesRow[], tmdbId: number, linked: SeriesRow | undefined) {
  const candidates = rows.filter((row) => row.tmdb_id === tmdbId);
  const live = candidates.find((row) => row.removed_at === null);
  if (live) return live;
  if (linked && linked.tmdb_id === tmdbId) return linked;
  return candidates.sort((a, b) => num(b.id) - num(a.id))[0] ?? null;
}

async function tmdbByTvdb(tx: Tx, tvdbIds: string[]): Promise<Map<string, number>> {
  if (tvdbIds.length === 0) return new Map();
  const rows = await tx.$queryRaw<{ tvdb_id: string; tmdb_id: number }[]>`
    SELECT DISTINCT tvdb_id, tmdb_id FROM arr_series
     WHERE tvdb_id = ANY(${tvdbIds}::text[]) AND tmdb_id IS NOT NULL`;
  return new Map(rows.map((row) => [row.tvdb_id, row.tmdb_id]));
}

/** Looks up series the run has not listed (incremental runs list changed items only). */
export async function resolveSeries(tx: Tx, run: SyncRun, serverIds: string[]): Promise<void> {
  const missing = [...new Set(serverIds)].filter((id) => !run.seriesByServerId.has(id));
  if (missing.length === 0) return;
  const rows = await tx.$queryRaw<{ id: bigint; server_item_id: string }[]>`
    SELECT id, server_item_id FROM series
     WHERE server_item_id = ANY(${missing}::text[]) AND removed_at IS NULL`;
  for (const row of rows) run.seriesByServerId.set(row.server_item_id, num(row.id));
}
