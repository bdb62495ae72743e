import { num, type SqlClient } from '@mcs/kit';
import type { DbClient } from '../db';
import type {
  EpisodeFileRow,
  EpisodeRow,
  MovieRootFacts,
  RootProjection,
  SeasonRow,
  SeriesRootFacts,
  VersionRow,
} from '../domain/rules/root-projection';
import type { RequestFacts, WatchItem } from '../domain/rules/inputs';
import type { MediaType } from '../domain/target';
import { diskFree, playbackUsers } from './rule-inputs.repository';

// Streams the projection by root item for the scan and the preview (domain.md 4.1, 4.5): a page
// of live roots of one media type in media_id order, with all their children and inputs, in
// one statement whatever the page size.

/**
 * Roots per page: larger pages cost fewer round trips (measured in bench/cleanup-rules), but a
 * page holds all its children, and a series brings a few hundred episodes: 25 series are about
 * the 5 000 targets per batch of domain.md 4, and keep a scan's memory flat
 * (bench/cleanup-scan).
 */
export const ROOT_PAGE_SIZE: Readonly<Record<MediaType, number>> = { movie: 2000, series: 25 };

/**
 * Every live root of one media type, page by page in media_id order. `reader` is the service's
 * plain pg client (`direct`, decision 017): the pages are the scan's and the preview's bulk
 * read. The next page is read while the caller works on this one, so PostgreSQL builds it on
 * the other core instead of the service waiting for it (bench/cleanup-rules).
 */
export async function* rootPages(
  reader: SqlClient,
  mediaType: MediaType,
  limit = ROOT_PAGE_SIZE[mediaType],
): AsyncGenerator<RootProjection[]> {
  const read = (after: number) => readRoots(reader, mediaType, 'page', [after, limit]);
  let next: Promise<RootProjection[]> | null = read(0);
  try {
    while (next) {
      const roots: RootProjection[] = await next;
      const last = roots.at(-1);
      next = roots.length === limit && last ? read(last.mediaId) : null;
      if (roots.length > 0) yield roots;
    }
  } finally {
    // A caller that stops early leaves a read in flight: its outcome is no longer wanted.
    next?.catch(() => undefined);
  }
}

/** Live roots by id with all their children, for revalidating a few targets (6.1 step 4). */
export async function loadRoots(
  reader: SqlClient,
  mediaType: MediaType,
  mediaIds: number[],
): Promise<RootProjection[]> {
  if (mediaIds.length === 0) return [];
  return readRoots(reader, mediaType, 'ids', [mediaIds]);
}

/**
 * One statement per page: each root comes as one JSON document with its children, watch data
 * and requests, built by PostgreSQL in the projection's own shape. One statement reads one
 * snapshot, and the service parses one value per root instead of mapping rows from five
 * queries (bench/cleanup-rules: this halved the pages' load time). What all roots share, the
 * disks and the playback users, is read beside it.
 */
async function readRoots(
  reader: SqlClient,
  mediaType: MediaType,
  by: keyof typeof ROOTS,
  values: unknown[],
): Promise<RootProjection[]> {
  const sql = mediaType === 'movie' ? MOVIE_ROOTS[by] : SERIES_ROOTS[by];
  const rows = await reader.$queryRawUnsafe<{ root: MovieRow | SeriesRow }[]>(sql, ...values);
  if (rows.length === 0) return [];
  const disks = await diskFree(reader);
  const users = rows.some((row) => row.root.requests.length > 0) ? await playbackUsers(reader) : [];
  // Facts were validated against the contract when their message was received, so the stored
  // payloads are taken as the contract's shapes here.
  return rows.map(({ root }) => {
    const inputs = { watch: root.watch, requests: root.requests, users, diskFree: disks };
    return 'versions' in root
      ? {
          mediaType: 'movie',
          mediaId: root.mediaId,
          facts: root.facts,
          versions: root.versions,
          inputs,
        }
      : {
          mediaType: 'series',
          mediaId: root.mediaId,
          facts: root.facts,
          seasons: root.seasons,
          episodes: root.episodes,
          files: root.files,
          inputs,
        };
  });
}

interface RootRow {
  mediaId: number;
  watch: WatchItem | null;
  requests: RequestFacts[];
}

interface MovieRow extends RootRow {
  facts: MovieRootFacts;
  versions: VersionRow[];
}

interface SeriesRow extends RootRow {
  facts: SeriesRootFacts;
  seasons: SeasonRow[];
  episodes: EpisodeRow[];
  files: EpisodeFileRow[];
}

/** Which roots: a page ($1 after, $2 limit) or given ids ($1); live ones only, by id. */
const ROOTS = {
  page: 'media_id > $1::bigint ORDER BY media_id LIMIT $2',
  ids: 'media_id = ANY($1::bigint[]) ORDER BY media_id',
};

/** The rows of `table` under root `r`, keyed as the projection's rows, in id order. */
const children = (table: string, parent: string, fields: string) => `
  coalesce((SELECT json_agg(json_build_object(${fields}) ORDER BY c.id)
              FROM ${table} c WHERE c.${parent} = r.media_id), '[]')`;

/** The statements of one media type: its roots (`parts` names their children), by ROOTS. */
function rootsOf(mediaType: MediaType, parts: string): Record<keyof typeof ROOTS, string> {
  const statement = (which: string) => `
    WITH r AS (
      SELECT media_id, facts FROM media_items
       WHERE media_type = '${mediaType}' AND removed_at IS NULL AND ${which})
    SELECT json_build_object(
      'mediaId', r.media_id, 'facts', r.facts, ${parts},
      'watch', w.data, 'requests', coalesce(q.requests, '[]')) AS root
      FROM r
      LEFT JOIN watch_data w ON w.media_type = '${mediaType}' AND w.media_id = r.media_id
      LEFT JOIN request_snapshots q ON q.media_type = '${mediaType}' AND q.media_id = r.media_id
     ORDER BY r.media_id`;
  return { page: statement(ROOTS.page), ids: statement(ROOTS.ids) };
}

const MOVIE_ROOTS = rootsOf(
  'movie',
  `'versions', ${children('movie_versions', 'movie_id', "'id', c.id, 'facts', c.facts")}`,
);

const SERIES_ROOTS = rootsOf(
  'series',
  [
    `'seasons', ${children('seasons', 'series_id', "'id', c.id, 'seasonNumber', c.season_number, 'facts', c.facts")}`,
    `'episodes', ${children(
      'episodes',
      'series_id',
      `'id', c.id, 'seasonId', c.season_id, 'seasonNumber', c.season_number,
       'episodeNumber', c.episode_number, 'episodeFileId', c.episode_file_id, 'facts', c.facts`,
    )}`,
    `'files', ${children('episode_files', 'series_id', "'id', c.id, 'facts', c.facts")}`,
  ].join(', '),
);

/** The live root with this TMDB id, or null. */
export async function liveRootByTmdbId(
  db: DbClient,
  mediaType: MediaType,
  tmdbId: number,
): Promise<RootProjection | null> {
  const rows = await db.$queryRaw<{ media_id: bigint }[]>`
    SELECT media_id FROM media_items
     WHERE media_type = ${mediaType} AND tmdb_id = ${tmdbId}::bigint AND removed_at IS NULL
     ORDER BY media_id LIMIT 1`;
  const id = rows[0] ? num(rows[0].media_id) : null;
  return id === null ? null : ((await loadRoots(db, mediaType, [id]))[0] ?? null);
}
