import { num } from '@mcs/kit';
/**
 * Seasons of the main server: refreshed from the season list, and created on the fly when an
 * episode names a season the run has not seen (incremental runs list changed episodes only).
 */
import type { ServerEpisode, ServerSeason } from '../integrations/records';
import type { Tx } from '../db';
import { touch, type Row } from './rows';
import type { SyncRun } from './run';
import { resolveSeries } from './series-batch';

const seasonKey = (seriesId: number, number: number) => `${seriesId}:${number}`;

export async function applySeasonBatch(tx: Tx, run: SyncRun, seasons: ServerSeason[]) {
  await resolveSeries(
    tx,
    run,
    seasons.map((s) => s.seriesExternalId),
  );
  const rows = seasons.flatMap((season) => {
    const seriesId = run.seriesByServerId.get(season.seriesExternalId);
    if (seriesId === undefined) return [];
    return [
      {
        series_id: seriesId,
        season_number: season.seasonNumber,
        title: season.title,
        added_at: season.addedAt?.toISOString() ?? null,
        server_item_id: season.externalId,
      },
    ];
  });
  await upsertSeasons(tx, run, rows);
}

/** Creates or refreshes seasons; remembers their ids; marks series whose seasons changed. */
export async function upsertSeasons(tx: Tx, run: SyncRun, rows: Row[]): Promise<void> {
  if (rows.length === 0) return;
  const changed = await tx.$queryRaw<{ series_id: bigint }[]>`
    INSERT INTO seasons AS s (series_id, season_number, title, added_at, server_item_id)
    SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(series_id bigint,
           season_number int, title text, added_at timestamptz, server_item_id text)
    ON CONFLICT (series_id, season_number) DO UPDATE
       SET title = EXCLUDED.title, added_at = EXCLUDED.added_at,
           server_item_id = EXCLUDED.server_item_id, removed_at = NULL, updated_at = now()
     WHERE (s.title, s.added_at, s.server_item_id) IS DISTINCT FROM
           (EXCLUDED.title, EXCLUDED.added_at, EXCLUDED.server_item_id) OR s.removed_at IS NOT NULL
    RETURNING s.series_id`;
  await touch(
    tx,
    'series',
    changed.map((row) => num(row.series_id)),
  );
  const ids = await tx.$queryRaw<{ id: bigint; series_id: bigint; season_number: number }[]>`
    SELECT s.id, s.series_id, s.season_number FROM seasons s
      JOIN jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(series_id bigint, season_number int)
        ON x.series_id = s.series_id AND x.season_number = s.season_number`;
  for (const row of ids) {
    run.seasonIds.set(seasonKey(num(row.series_id), row.season_number), num(row.id));
    run.seen.season.add(num(row.id));
  }
}

/** Season ids of the episodes' seasons; missing seasons are created without details. */
export async function ensureSeasons(
  tx: Tx,
  run: SyncRun,
  episodes: { episode: ServerEpisode; seriesId: number }[],
): Promise<(seriesId: number, number: number) => number | undefined> {
  const missing = new Map<string, Row>();
  for (const { episode, seriesId } of episodes) {
    const key = seasonKey(seriesId, episode.seasonNumber);
    if (!run.seasonIds.has(key))
      missing.set(key, { series_id: seriesId, season_number: episode.seasonNumber });
  }
  if (missing.size > 0) {
    const rows = JSON.stringify([...missing.values()]);
    await tx.$executeRaw`
      INSERT INTO seasons (series_id, season_number)
      SELECT * FROM jsonb_to_recordset(${rows}::jsonb) AS x(series_id bigint, season_number int)
      ON CONFLICT (series_id, season_number) DO NOTHING`;
    const ids = await tx.$queryRaw<{ id: bigint; series_id: bigint; season_number: number }[]>`
      SELECT s.id, s.series_id, s.season_number FROM seasons s
        JOIN jsonb_to_recordset(${rows}::jsonb) AS x(series_id bigint, season_number int)
          ON x.series_id = s.series_id AND x.season_number = s.season_number`;
    for (const row of ids)
      run.seasonIds.set(seasonKey(num(row.series_id), row.season_number), num(row.id));
  }
  return (seriesId, number) => run.seasonIds.get(seasonKey(seriesId, number));
}
