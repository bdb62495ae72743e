import { num } from '@mcs/kit';
/**
 * One batch (≤ 1000) of the main server's episode list. Episodes are matched by series,
 * season and number; each episode's file goes through the identity rules of domain.md 1.11
 * against the file the episode holds. A file at the same path and size as another live file
 * of the series is that file (multi-episode files list it once per episode).
 */
import { identifyFiles } from '../domain/file-identity';
import type { MediaFileRecord, ServerEpisode } from '../integrations/records';
import type { Tx } from '../db';
import type { Leftover, SyncCounts } from './context';
import { FILE_COLUMNS, fileRow, knownFile, observedFile } from './file-rows';
import { differs, type Columns, type Row } from './rows';
import { ensureSeasons, seasonKey, type SeasonIds } from './seasons';
import { resolveSeries } from './series-batch';
import {
  liveFilesAt,
  recordHolders,
  storedEpisodes,
  type StoredEpisode,
} from './series.repository';
import { allocateIds, arrKeysByPath, insertRows, touch, updateRows } from './sync.repository';

const EPISODE_COLUMNS: Columns = {
  id: 'bigint',
  series_id: 'bigint',
  season_id: 'bigint',
  season_number: 'int',
  episode_number: 'int',
  title: 'text',
  air_date: 'timestamptz',
  added_at: 'timestamptz',
  server_item_id: 'text',
  episode_file_id: 'bigint',
  removed_at: 'timestamptz',
};
const FILE_ROW_COLUMNS: Columns = { id: 'bigint', series_id: 'bigint', ...FILE_COLUMNS };

interface Placed {
  episode: ServerEpisode;
  seriesId: number;
  seasonId: number;
}

/** What the series step knows when a batch of episodes comes. */
export interface EpisodeLookups {
  /** Series by server id. */
  series: ReadonlyMap<string, number>;
  seasons: SeasonIds;
}

/** What one batch of the episode list wrote and found. */
export interface EpisodeBatch {
  episodeIds: number[];
  fileIds: number[];
  /** Known files the listed episodes no longer hold. */
  leftovers: [number, Leftover][];
  /** Series and seasons the batch looked up or created: lookups for the next batches. */
  series: Map<string, number>;
  seasons: Map<string, number>;
  counts: Partial<SyncCounts>;
}

export async function applyEpisodeBatch(
  tx: Tx,
  items: ServerEpisode[],
  known: EpisodeLookups,
): Promise<EpisodeBatch> {
  const resolved = await resolveSeries(
    tx,
    known.series,
    items.map((e) => e.seriesExternalId),
  );
  const seriesOf = (serverId: string) => known.series.get(serverId) ?? resolved.get(serverId);
  const { placed, seasons } = await place(tx, seriesOf, known.seasons, items);
  const stored = await storedEpisodes(tx, keysOf(placed));
  const files = placed.map(({ episode }) => episode.files[0]);
  const paths = files.flatMap((file) => (file ? [file.path] : []));
  const arrKeys = await arrKeysByPath(tx, 'arr_episodes', paths);
  const samePath = await liveFilesAt(tx, filesOf(placed));
  const newEpisodes = await allocateIds(
    tx,
    'episodes',
    placed.filter((p) => !stored.get(keyOf(p))).length,
  );
  const episodeRows: { row: Row; stored: StoredEpisode | undefined }[] = [];
  const fileInserts: Row[] = [];
  const fileUpdates: Row[] = [];
  const holds: { id: number; episode_id: number }[] = [];
  const touched: number[] = [];
  const leftovers: [number, Leftover][] = [];
  let renamed = 0;
  const created = new Map<string, number>();
  const pendingFiles: { index: number; file: MediaFileRecord; seriesId: number }[] = [];
  placed.forEach((p, index) => {
    const existing = stored.get(keyOf(p));
    const episodeId = existing ? num(existing.id) : (newEpisodes.shift() as number);
    const file = files[index];
    const known = existing?.file ? [knownFile(existing.file)] : [];
    const arrKey = file ? (arrKeys.get(file.path) ?? null) : null;
    const identity = identifyFiles(known, file ? [observedFile(file, arrKey)] : []);
    let fileId = existing?.file ? num(existing.file.id) : null;
    const match = identity.matched[0];
    if (match && existing?.file) {
      fileId = match.id;
      const row = {
        id: match.id,
        series_id: p.seriesId,
        ...fileRow(file as MediaFileRecord, arrKey, existing.file),
      };
      if (differs(existing.file, row)) fileUpdates.push(row);
      if (match.renamed) renamed += 1;
    } else if (file) {
      const reuse =
        samePath.get(`${p.seriesId}:${file.path}`) ?? created.get(`${p.seriesId}:${file.path}`);
      if (reuse !== undefined) fileId = reuse;
      else pendingFiles.push({ index, file, seriesId: p.seriesId });
    }
    for (const left of identity.left)
      leftovers.push([left.id, { cause: left.cause, replacedBy: -1 - index }]);
    episodeRows.push({ row: episodeRow(p, episodeId, fileId), stored: existing });
  });
  const freshFiles = await allocateIds(tx, 'episode_files', pendingFiles.length);
  for (const pending of pendingFiles) {
    const id = freshFiles.shift() as number;
    const key = `${pending.seriesId}:${pending.file.path}`;
    const reused = created.get(key);
    const fileId = reused ?? id;
    if (reused === undefined) {
      created.set(key, id);
      const arrKey = arrKeys.get(pending.file.path) ?? null;
      fileInserts.push({ id, series_id: pending.seriesId, ...fileRow(pending.file, arrKey) });
    }
    (episodeRows[pending.index] as { row: Row }).row.episode_file_id = fileId;
  }
  // Leftovers point at the file that replaced them, now that new files have ids.
  for (const [i, [id, left]] of leftovers.entries()) {
    if (left.replacedBy === null || left.replacedBy >= 0) continue;
    const episodeRow = episodeRows[-1 - left.replacedBy]?.row;
    const replacedBy = (episodeRow?.episode_file_id as number | null) ?? null;
    leftovers[i] = [id, { cause: left.cause, replacedBy }];
  }
  const episodeInserts: Row[] = [];
  const episodeUpdates: Row[] = [];
  const episodeIds: number[] = [];
  const fileIds: number[] = [];
  for (const { row, stored: existing } of episodeRows) {
    if (!existing) episodeInserts.push(row);
    else if (differs(existing, row)) episodeUpdates.push(row);
    const id = row.id as number;
    const fileId = row.episode_file_id as number | null;
    episodeIds.push(id);
    if (fileId !== null) {
      fileIds.push(fileId);
      holds.push({ id: fileId, episode_id: id });
    }
  }
  for (const row of [...episodeInserts, ...episodeUpdates, ...fileInserts, ...fileUpdates])
    touched.push(row.series_id as number);
  await insertRows(tx, 'episode_files', FILE_ROW_COLUMNS, fileInserts);
  await updateRows(tx, 'episode_files', FILE_ROW_COLUMNS, fileUpdates);
  await insertRows(tx, 'episodes', EPISODE_COLUMNS, episodeInserts);
  await updateRows(tx, 'episodes', EPISODE_COLUMNS, episodeUpdates);
  touched.push(...(await recordHolders(tx, holds)));
  await touch(tx, 'series', touched);
  return {
    episodeIds,
    fileIds,
    leftovers,
    series: resolved,
    seasons,
    counts: { added: fileInserts.length, renamed },
  };
}

const keyOf = (p: { seriesId: number; episode: ServerEpisode }) =>
  `${p.seriesId}:${p.episode.seasonNumber}:${p.episode.episodeNumber}`;

function episodeRow(p: Placed, id: number, fileId: number | null): Row {
  const { episode } = p;
  return {
    id,
    series_id: p.seriesId,
    season_id: p.seasonId,
    season_number: episode.seasonNumber,
    episode_number: episode.episodeNumber,
    title: episode.title,
    air_date: episode.airDate?.toISOString() ?? null,
    added_at: episode.addedAt?.toISOString() ?? null,
    server_item_id: episode.externalId,
    episode_file_id: fileId,
    removed_at: null,
  };
}

/**
 * Episodes of identified series, with their season (created when the step has not seen it),
 * and the seasons created.
 */
async function place(
  tx: Tx,
  seriesOf: (serverId: string) => number | undefined,
  known: SeasonIds,
  items: ServerEpisode[],
): Promise<{ placed: Placed[]; seasons: Map<string, number> }> {
  const unique = new Map<string, Placed>();
  const withSeries = items.flatMap((episode) => {
    const seriesId = seriesOf(episode.seriesExternalId);
    return seriesId === undefined ? [] : [{ episode, seriesId }];
  });
  const seasons = await ensureSeasons(tx, known, withSeries);
  for (const item of withSeries) {
    const key = seasonKey(item.seriesId, item.episode.seasonNumber);
    const seasonId = known.get(key) ?? seasons.get(key);
    if (seasonId !== undefined) unique.set(keyOf(item), { ...item, seasonId });
  }
  return { placed: [...unique.values()], seasons };
}

function keysOf(placed: Placed[]) {
  return placed.map((p) => ({
    series_id: p.seriesId,
    season_number: p.episode.seasonNumber,
    episode_number: p.episode.episodeNumber,
  }));
}

/** The observed file of each placed episode that has one. */
function filesOf(placed: Placed[]) {
  return placed.flatMap((p) =>
    p.episode.files[0]
      ? [
          {
            series_id: p.seriesId,
            path: p.episode.files[0].path,
            size: p.episode.files[0].sizeBytes,
          },
        ]
      : [],
  );
}
