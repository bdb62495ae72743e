/**
 * Seasons of the main server: refreshed from the season list, and created on the fly when an
 * episode names a season the step has not seen (incremental runs list changed episodes only).
 */
import type { ServerEpisode, ServerSeason } from '../integrations/records';
import type { Tx } from '../db';
import { resolveSeries } from './series-batch';
import { insertBareSeasons, seasonIdsOf, upsertSeasonRows } from './series.repository';
import { touch } from './sync.repository';

/** Season ids by `seasonKey`. */
export type SeasonIds = ReadonlyMap<string, number>;

export const seasonKey = (seriesId: number, number: number) => `${seriesId}:${number}`;

/** What one batch of the season list wrote and found. */
export interface SeasonBatch {
  /** The listed seasons' ids. */
  seasons: [string, number][];
  /** Series the batch had to look up (not listed by the step). */
  resolved: Map<string, number>;
}

/** `series`: the series the step knows by server id. */
export async function applySeasonBatch(
  tx: Tx,
  seasons: ServerSeason[],
  series: ReadonlyMap<string, number>,
): Promise<SeasonBatch> {
  const resolved = await resolveSeries(
    tx,
    series,
    seasons.map((s) => s.seriesExternalId),
  );
  const rows = seasons.flatMap((season) => {
    const seriesId = series.get(season.seriesExternalId) ?? resolved.get(season.seriesExternalId);
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
  if (rows.length === 0) return { seasons: [], resolved };
  // Series whose seasons changed are touched: their facts' as_of moves.
  await touch(tx, 'series', await upsertSeasonRows(tx, rows));
  return { seasons: keyed(await seasonIdsOf(tx, rows)), resolved };
}

/**
 * The ids of the seasons the episodes name that `known` lacks; missing seasons are created
 * without details.
 */
export async function ensureSeasons(
  tx: Tx,
  known: SeasonIds,
  episodes: { episode: ServerEpisode; seriesId: number }[],
): Promise<Map<string, number>> {
  const missing = new Map<string, { series_id: number; season_number: number }>();
  for (const { episode, seriesId } of episodes) {
    const key = seasonKey(seriesId, episode.seasonNumber);
    if (!known.has(key))
      missing.set(key, { series_id: seriesId, season_number: episode.seasonNumber });
  }
  if (missing.size === 0) return new Map();
  const rows = [...missing.values()];
  await insertBareSeasons(tx, rows);
  return new Map(keyed(await seasonIdsOf(tx, rows)));
}

function keyed(seasons: { id: number; seriesId: number; seasonNumber: number }[]) {
  return seasons.map((s): [string, number] => [seasonKey(s.seriesId, s.seasonNumber), s.id]);
}
