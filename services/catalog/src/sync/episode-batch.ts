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
import {
  arrKeysByPath,
  FILE_COLUMNS,
  fileRow,
  knownFile,
  observedFile,
  type StoredFile,
} from './file-rows';
import {
  allocateIds,
  differs,
  insertRows,
  touch,
  updateRows,
  type Columns,
  type Row,
} from './rows';
import type { SyncRun } from './run';
import { ensureSeasons } from './seasons';
import { resolveSeries } from './series-batch';

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

interface EpisodeColumns extends Row {
  id: bigint;
  series_id: bigint;
  season_number: number;
  episode_number: number;
  episode_file_id: bigint | null;
}

interface StoredEpisode extends EpisodeColumns {
  file: StoredFile | null;
}

/** An episode as queried: its file is still the JSON that to_jsonb made of the row. */
interface StoredEpisodeRow extends EpisodeColumns {
  file: Row | null;
}

interface Placed {
  episode: ServerEpisode;
  seriesId: number;
  seasonId: number;
}

export async function applyEpisodeBatch(tx: Tx, run: SyncRun, items: ServerEpisode[]) {
  await resolveSeries(
    tx,
    run,
    items.map((e) => e.seriesExternalId),
  );
  const placed = await place(tx, run, items);
  const stored = await storedEpisodes(tx, placed);
  const files = placed.map(({ episode }) => episode.files[0]);
  const paths = files.flatMap((file) => (file ? [file.path] : []));
  const arrKeys = await arrKeysByPath(tx, 'arr_episodes', paths);
  const samePath = await liveFilesAt(tx, placed);
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
      if (match.renamed) run.counts.renamed += 1;
    } else if (file) {
      const reuse =
        samePath.get(`${p.seriesId}:${file.path}`) ?? created.get(`${p.seriesId}:${file.path}`);
      if (reuse !== undefined) fileId = reuse;
      else pendingFiles.push({ index, file, seriesId: p.seriesId });
    }
    for (const left of identity.left)
      run.leftovers.episode_file.set(left.id, { cause: left.cause, replacedBy: -1 - index });
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
  for (const [id, left] of run.leftovers.episode_file) {
    if (left.replacedBy === null || left.replacedBy >= 0) continue;
    const episodeRow = episodeRows[-1 - left.replacedBy]?.row;
    const replacedBy = (episodeRow?.episode_file_id as number | null) ?? null;
    run.leftovers.episode_file.set(id, { cause: left.cause, replacedBy });
  }
  const episodeInserts: Row[] = [];
  const episodeUpdates: Row[] = [];
  for (const { row, stored: existing } of episodeRows) {
    if (!existing) episodeInserts.push(row);
    else if (differs(existing, row)) episodeUpdates.push(row);
    const id = row.id as number;
    const fileId = row.episode_file_id as number | null;
    run.seen.episode.add(id);
    if (fileId !== null) {
      run.seen.episode_file.add(fileId);
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
  run.counts.added += fileInserts.length;
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

/** Episodes of identified series, with their season (created when the run has not seen it). */
async function place(tx: Tx, run: SyncRun, items: ServerEpisode[]): Promise<Placed[]> {
  const unique = new Map<string, Placed>();
  const withSeries = items.flatMap((episode) => {
    const seriesId = run.seriesByServerId.get(episode.seriesExternalId);
    return seriesId === undefined ? [] : [{ episode, seriesId }];
  });
  const seasonIds = await ensureSeasons(tx, run, withSeries);
  for (const item of withSeries) {
    const seasonId = seasonIds(item.seriesId, item.episode.seasonNumber);
    if (seasonId !== undefined) unique.set(keyOf(item), { ...item, seasonId });
  }
  return [...unique.values()];
}

async function storedEpisodes(tx: Tx, placed: Placed[]): Promise<Map<string, StoredEpisode>> {
  const keys = placed.map((p) => ({
    series_id: p.seriesId,
    season_number: p.episode.seasonNumber,
    episode_number: p.episode.episodeNumber,
  }));
  const rows = await tx.$queryRaw<StoredEpisodeRow[]>`
    SELECT e.id, e.series_id, e.season_id, e.season_number, e.episode_number, e.title,
           e.air_date, e.added_at, e.server_item_id, e.episode_file_id, e.removed_at,
           CASE WHEN f.id IS NULL THEN NULL ELSE to_jsonb(f) END AS file
      FROM jsonb_to_recordset(${JSON.stringify(keys)}::jsonb)
           AS k(series_id bigint, season_number int, episode_number int)
      JOIN episodes e ON e.series_id = k.series_id AND e.season_number = k.season_number
                     AND e.episode_number = k.episode_number
      LEFT JOIN episode_files f ON f.id = e.episode_file_id AND f.removed_at IS NULL`;
  return new Map(
    rows.map((row) => [
      `${num(row.series_id)}:${row.season_number}:${row.episode_number}`,
      {
        ...row,
        file: row.file ? storedFileOf(row.file) : null,
      },
    ]),
  );
}

/** to_jsonb turns BIGINT into numbers and timestamps into text: back to the column types. */
function storedFileOf(json: Row): StoredFile {
  const date = (value: unknown) => (typeof value === 'string' ? new Date(value) : null);
  const bigint = (value: unknown) => (typeof value === 'number' ? BigInt(value) : null);
  return {
    ...json,
    id: BigInt(Number(json.id)),
    path: String(json.path),
    size_bytes: bigint(json.size_bytes),
    duration_ms: bigint(json.duration_ms),
    arr_key: typeof json.arr_key === 'string' ? json.arr_key : null,
    added_at: date(json.added_at),
    file_added_at: date(json.file_added_at),
  };
}

/** Live files of the batch's series at the observed paths (multi-episode files, relinks). */
async function liveFilesAt(tx: Tx, placed: Placed[]): Promise<Map<string, number>> {
  const keys = placed.flatMap((p) =>
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
  if (keys.length === 0) return new Map();
  const rows = await tx.$queryRaw<{ id: bigint; series_id: bigint; path: string }[]>`
    SELECT f.id, f.series_id, f.path FROM episode_files f
      JOIN jsonb_to_recordset(${JSON.stringify(keys)}::jsonb) AS k(series_id bigint, path text, size bigint)
        ON f.series_id = k.series_id AND f.path = k.path AND f.size_bytes IS NOT DISTINCT FROM k.size
     WHERE f.removed_at IS NULL`;
  return new Map(rows.map((row) => [`${num(row.series_id)}:${row.path}`, num(row.id)]));
}

/** Each file lists the episodes it holds; returns series whose files gained one. */
async function recordHolders(tx: Tx, holds: { id: number; episode_id: number }[]) {
  if (holds.length === 0) return [];
  const rows = await tx.$queryRaw<{ series_id: bigint }[]>`
    UPDATE episode_files f
       SET episode_ids = ARRAY(SELECT DISTINCT e FROM unnest(f.episode_ids || x.ids) AS e ORDER BY e),
           updated_at = now()
      FROM (SELECT id, array_agg(episode_id) AS ids
              FROM jsonb_to_recordset(${JSON.stringify(holds)}::jsonb) AS h(id bigint, episode_id bigint)
             GROUP BY id) x
     WHERE f.id = x.id AND NOT (f.episode_ids @> x.ids)
    RETURNING f.series_id`;
  return rows.map((row) => num(row.series_id));
}
