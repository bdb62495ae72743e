/**
 * Full current facts of live movies and series (media.items_upserted), and the changed parts
 * of series (media.series_parts_upserted), read from the catalog in a few queries per group of
 * items (series as JSON built by PostgreSQL, series-facts.repository). `as_of` is the item's
 * updated_at, which every change of the item or its children moves, so consumers can keep the
 * newest.
 */
import type { MessagePayload } from '@mcs/contracts';
import { dateOnly, num, raw } from '@mcs/kit';
import type { DbClient } from '../db';
import {
  COMMON_COLUMNS,
  commonFacts,
  fileFacts,
  type CommonRow,
  type FileFactsRow,
} from './file-facts';

type ItemFacts = MessagePayload<'media.items_upserted'>['items'][number];
type MovieFacts = Extract<ItemFacts, { media_type: 'movie' }>;

const ids = (list: bigint[]) => list.map(Number);

export async function movieFacts(db: DbClient, movieIds: number[]): Promise<MovieFacts[]> {
  if (movieIds.length === 0) return [];
  const movies = await db.$queryRaw<
    (CommonRow & { release_date: Date | null; collection: unknown; radarr_service_ids: bigint[] })[]
  >`
    SELECT ${raw(COMMON_COLUMNS)}, release_date, collection, radarr_service_ids
      FROM movies WHERE id = ANY(${movieIds}::bigint[]) AND removed_at IS NULL ORDER BY id`;
  const versions = await db.$queryRaw<
    (FileFactsRow & { id: bigint; movie_id: bigint; radarr_ids: bigint[] })[]
  >`
    SELECT v.*, ARRAY(SELECT DISTINCT a.service_config_id FROM arr_movies a
                       WHERE a.version_id = v.id ORDER BY 1) AS radarr_ids
      FROM movie_versions v
     WHERE v.movie_id = ANY(${movieIds}::bigint[]) AND v.removed_at IS NULL ORDER BY v.id`;
  return movies.map((movie) => ({
    ...commonFacts(movie),
    media_type: 'movie',
    release_date: dateOnly(movie.release_date),
    collection: movie.collection as MovieFacts['collection'],
    radarr_service_ids: ids(movie.radarr_service_ids),
    versions: versions
      .filter((v) => v.movie_id === movie.id)
      .map((v) => ({
        version_id: Number(v.id),
        radarr_service_ids: ids(v.radarr_ids),
        ...fileFacts(v),
      })),
  }));
}

/** Live items changed since `since` (all when null), and whether each existed before it. */
export async function changedItems(db: DbClient, table: 'movies' | 'series', since: Date | null) {
  const items: { id: number; existedBefore: boolean }[] = [];
  const from = since ?? new Date(0);
  for (let after = 0; ;) {
    const rows = await db.$queryRaw<{ id: bigint; existed: boolean }[]>`
      SELECT id, created_at < ${from} AS existed FROM ${raw(table)}
       WHERE removed_at IS NULL AND id > ${after}
         AND (${since === null} OR updated_at >= ${from})
       ORDER BY id LIMIT 10000`;
    if (rows.length === 0) return items;
    for (const row of rows) items.push({ id: num(row.id), existedBefore: row.existed });
    after = items[items.length - 1]?.id ?? after;
  }
}
