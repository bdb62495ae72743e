import { num, numOrNull } from '@mcs/kit';
import type { DbClient } from '../db';
import type {
  EpisodeFileRow,
  EpisodeRow,
  MovieProjection,
  MovieRootFacts,
  RootProjection,
  SeasonRow,
  SeriesProjection,
  SeriesRootFacts,
  VersionRow,
} from '../domain/rules/target-facts';
import type { RootInputs } from '../domain/rules/inputs';
import type { MediaType } from '../domain/target';
import { diskFree, playbackUsers, rootInputs } from './rule-inputs.repository';

/**
 * Streams the projection by root item for the scan and the preview (domain.md 4.1, 4.5): a page
 * of live roots of one media type in media_id order, with all their children, in a fixed
 * number of set-based queries (two for movies, four for series), whatever the page size.
 */
/**
 * Roots per page: larger pages cost fewer round trips (measured in bench/cleanup-rules), but a
 * page holds all its children, and a series brings a few hundred episodes: 25 series are about
 * the 5 000 targets per batch of domain.md 4, and keep a scan's memory flat
 * (bench/cleanup-scan).
 */
export const ROOT_PAGE_SIZE: Readonly<Record<MediaType, number>> = { movie: 2000, series: 25 };

export interface RootPage {
  roots: RootProjection[];
  /** Pass as `after` for the next page; null when this page was the last. */
  nextAfter: number | null;
}

export async function loadRootPage(
  db: DbClient,
  mediaType: MediaType,
  page: { after?: number | null; limit?: number } = {},
): Promise<RootPage> {
  const limit = page.limit ?? ROOT_PAGE_SIZE[mediaType];
  const rows = await db.$queryRaw<{ media_id: bigint; facts: unknown }[]>`
    SELECT media_id, facts FROM media_items
     WHERE media_type = ${mediaType} AND removed_at IS NULL
       AND media_id > ${page.after ?? 0}::bigint
     ORDER BY media_id
     LIMIT ${limit}`;
  const roots = rows.map((row) => ({ mediaId: num(row.media_id), facts: row.facts }));
  const ids = roots.map((root) => root.mediaId);
  const last = ids.at(-1);
  const nextAfter = rows.length === limit && last !== undefined ? last : null;
  if (ids.length === 0) return { roots: [], nextAfter };
  return { roots: await withChildren(db, mediaType, ids, roots), nextAfter };
}

/** Live roots by id with all their children, for revalidating a few targets (6.1 step 4). */
export async function loadRoots(
  db: DbClient,
  mediaType: MediaType,
  mediaIds: number[],
): Promise<RootProjection[]> {
  if (mediaIds.length === 0) return [];
  const rows = await db.$queryRaw<{ media_id: bigint; facts: unknown }[]>`
    SELECT media_id, facts FROM media_items
     WHERE media_type = ${mediaType} AND removed_at IS NULL
       AND media_id = ANY(${mediaIds.map(BigInt)}::bigint[])
     ORDER BY media_id`;
  const roots = rows.map((row) => ({ mediaId: num(row.media_id), facts: row.facts }));
  const ids = roots.map((root) => root.mediaId);
  if (ids.length === 0) return [];
  return withChildren(db, mediaType, ids, roots);
}

interface Root {
  mediaId: number;
  facts: unknown;
  inputs: RootInputs;
}

async function withChildren(
  db: DbClient,
  mediaType: MediaType,
  ids: number[],
  found: { mediaId: number; facts: unknown }[],
): Promise<RootProjection[]> {
  const roots = await withInputs(db, mediaType, ids, found);
  return mediaType === 'movie' ? withVersions(db, ids, roots) : withParts(db, ids, roots);
}

/**
 * Each root's watch data and requests, and what all roots share: free space per disk, and the
 * playback users (only when a root has a request: they serve requester identity resolution).
 */
async function withInputs(
  db: DbClient,
  mediaType: MediaType,
  ids: number[],
  found: { mediaId: number; facts: unknown }[],
): Promise<Root[]> {
  const rows = await rootInputs(db, mediaType, ids);
  const disks = await diskFree(db);
  const users = rows.requests.size > 0 ? await playbackUsers(db) : [];
  return found.map((root) => ({
    ...root,
    inputs: {
      watch: rows.watch.get(root.mediaId) ?? null,
      requests: rows.requests.get(root.mediaId) ?? [],
      users,
      diskFree: disks,
    },
  }));
}

/** Groups child rows by their root's id. */
function byRoot<R extends { root: bigint }, T>(rows: R[], map: (row: R) => T): Map<number, T[]> {
  const grouped = new Map<number, T[]>();
  for (const row of rows) {
    const list = grouped.get(num(row.root)) ?? [];
    list.push(map(row));
    grouped.set(num(row.root), list);
  }
  return grouped;
}

// Facts were validated against the contract when their message was received, so the stored
// payloads are taken as the contract's shapes here.
async function withVersions(
  db: DbClient,
  ids: number[],
  roots: Root[],
): Promise<MovieProjection[]> {
  const rows = await db.$queryRaw<{ root: bigint; id: bigint; facts: VersionRow['facts'] }[]>`
    SELECT movie_id AS root, id, facts FROM movie_versions
     WHERE movie_id = ANY(${ids}::bigint[])`;
  const versions = byRoot(rows, (row) => ({
    id: num(row.id),
    facts: row.facts,
  }));
  return roots.map((root) => ({
    mediaType: 'movie',
    mediaId: root.mediaId,
    facts: root.facts as MovieRootFacts,
    versions: versions.get(root.mediaId) ?? [],
    inputs: root.inputs,
  }));
}

async function withParts(db: DbClient, ids: number[], roots: Root[]): Promise<SeriesProjection[]> {
  // One after the other: `db` may be an interactive transaction, which runs one query at a time.
  const seasonRows = await db.$queryRaw<SeasonSql[]>`
    SELECT series_id AS root, id, season_number, facts FROM seasons
     WHERE series_id = ANY(${ids}::bigint[])`;
  const episodeRows = await db.$queryRaw<EpisodeSql[]>`
    SELECT series_id AS root, id, season_id, season_number, episode_number, episode_file_id, facts
      FROM episodes WHERE series_id = ANY(${ids}::bigint[])`;
  const fileRows = await db.$queryRaw<
    { root: bigint; id: bigint; facts: EpisodeFileRow['facts'] }[]
  >`
    SELECT series_id AS root, id, facts FROM episode_files
     WHERE series_id = ANY(${ids}::bigint[])`;
  const seasons = byRoot(seasonRows, (row) => ({
    id: num(row.id),
    seasonNumber: row.season_number,
    facts: row.facts,
  }));
  const episodes = byRoot(episodeRows, episodeRow);
  const files = byRoot(fileRows, (row) => ({
    id: num(row.id),
    facts: row.facts,
  }));
  return roots.map((root) => ({
    mediaType: 'series',
    mediaId: root.mediaId,
    facts: root.facts as SeriesRootFacts,
    seasons: seasons.get(root.mediaId) ?? [],
    episodes: episodes.get(root.mediaId) ?? [],
    files: files.get(root.mediaId) ?? [],
    inputs: root.inputs,
  }));
}

interface SeasonSql {
  root: bigint;
  id: bigint;
  season_number: number;
  facts: SeasonRow['facts'];
}

interface EpisodeSql {
  root: bigint;
  id: bigint;
  season_id: bigint;
  season_number: number;
  episode_number: number;
  episode_file_id: bigint | null;
  facts: EpisodeRow['facts'];
}

const episodeRow = (row: EpisodeSql): EpisodeRow => ({
  id: num(row.id),
  seasonId: num(row.season_id),
  seasonNumber: row.season_number,
  episodeNumber: row.episode_number,
  episodeFileId: numOrNull(row.episode_file_id),
  facts: row.facts,
});

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
