/**
 * Everything the executor needs to know about an operation's target, read in one go: the
 * files it covers, the main-server ids, and the Radarr/Sonarr rows that hold it.
 */
import { num, numOrNull } from '@mcs/kit';
import type { DbClient } from '../db';
import type { OperationCommand } from './operation-intake';

export interface TargetFile {
  id: number;
  /** As the main media server reports it; internal (domain.md 1.12). */
  path: string;
  fileName: string;
  sizeBytes: number | null;
  resolution: string | null;
  videoCodec: string | null;
  hdr: boolean | null;
  dolbyVision: boolean | null;
  serverFileId: string | null;
  /** Episode files: the episodes it holds. */
  episodeIds: number[];
}

export interface ArrHolder {
  serviceConfigId: number;
  serviceType: 'radarr' | 'sonarr';
  enabled: boolean;
  /** Radarr movie id / Sonarr series id. */
  arrId: number;
  /** Radarr movieFile id for the version; Sonarr episodeFile ids of the target's files. */
  fileIds: number[];
  /** Sonarr episode ids of the target's episodes. */
  episodeIds: number[];
}

export interface TargetState {
  live: boolean;
  title: string;
  itemServerId: string | null;
  /** Season / episode server id for those scopes. */
  partServerId: string | null;
  files: TargetFile[];
  /** Live versions of the movie outside the target (0 = the target is the last one). */
  otherLiveFiles: number;
  /** Episodes the target covers (series scopes). */
  episodeIds: number[];
  seasonNumbers: number[];
  holders: ArrHolder[];
  /** The main server's ids of the libraries holding the item (a move's targeted refresh). */
  libraryIds: string[];
}

type Target = OperationCommand['target'];

export async function loadTarget(db: DbClient, target: Target): Promise<TargetState | null> {
  return target.media_type === 'movie' ? loadMovieTarget(db, target) : loadSeriesTarget(db, target);
}

async function loadMovieTarget(db: DbClient, target: Target): Promise<TargetState | null> {
  const movie = await db.movie.findUnique({ where: { id: BigInt(target.media_id) } });
  if (!movie) return null;
  const versions = await db.movieVersion.findMany({
    where: { movieId: movie.id, removedAt: null },
  });
  const inTarget = versions.filter(
    (v) => target.scope === 'movie' || num(v.id) === target.movie_version_id,
  );
  const holders = await db.$queryRaw<
    {
      service_config_id: bigint;
      arr_id: number;
      file_id: number | null;
      version_id: bigint | null;
      enabled: boolean;
    }[]
  >`
    SELECT a.service_config_id, a.arr_id, a.file_id, a.version_id, s.enabled
      FROM arr_movies a JOIN service_configs s ON s.id = a.service_config_id
     WHERE a.movie_id = ${target.media_id}`;
  const targetIds = new Set(inTarget.map((v) => num(v.id)));
  return {
    live: movie.removedAt === null && (target.scope === 'movie' || inTarget.length === 1),
    title: movie.title,
    itemServerId: movie.serverItemId,
    partServerId: null,
    files: inTarget.map((v) => ({
      id: num(v.id),
      path: v.path,
      fileName: v.fileName,
      sizeBytes: numOrNull(v.sizeBytes),
      resolution: v.resolution,
      videoCodec: v.videoCodec,
      hdr: v.hdr,
      dolbyVision: v.dolbyVision,
      serverFileId: v.serverFileId,
      episodeIds: [],
    })),
    otherLiveFiles: versions.length - inTarget.length,
    episodeIds: [],
    seasonNumbers: [],
    libraryIds: await libraryExternalIds(db, movie.libraryIds),
    holders: holders
      // A version is acted on only by the instance whose file maps to it (domain.md 6.5).
      .filter(
        (h) =>
          target.scope === 'movie' || (h.version_id !== null && targetIds.has(num(h.version_id))),
      )
      .map((h) => ({
        serviceConfigId: num(h.service_config_id),
        serviceType: 'radarr',
        enabled: h.enabled,
        arrId: h.arr_id,
        fileIds: h.file_id === null ? [] : [h.file_id],
        episodeIds: [],
      })),
  };
}

async function loadSeriesTarget(db: DbClient, target: Target): Promise<TargetState | null> {
  const series = await db.series.findUnique({ where: { id: BigInt(target.media_id) } });
  if (!series) return null;
  const episodes = await db.episode.findMany({
    where: {
      seriesId: series.id,
      removedAt: null,
      ...(target.scope === 'season' && target.season_id
        ? { seasonId: BigInt(target.season_id) }
        : {}),
      ...(target.scope === 'episode' && target.episode_id ? { id: BigInt(target.episode_id) } : {}),
    },
  });
  const fileIds = [
    ...new Set(episodes.flatMap((e) => (e.episodeFileId === null ? [] : [e.episodeFileId]))),
  ];
  const files = await db.episodeFile.findMany({ where: { id: { in: fileIds }, removedAt: null } });
  const part =
    target.scope === 'season' && target.season_id
      ? await db.season.findUnique({ where: { id: BigInt(target.season_id) } })
      : target.scope === 'episode'
        ? episodes[0]
        : null;
  const holders = await seriesHolders(
    db,
    target.media_id,
    episodes.map((e) => num(e.id)),
    files.map((f) => num(f.id)),
  );
  return {
    live:
      series.removedAt === null &&
      (target.scope === 'series' ||
        (part !== null && part !== undefined && part.removedAt === null)),
    title: series.title,
    itemServerId: series.serverItemId,
    partServerId: part?.serverItemId ?? null,
    files: files.map((f) => ({
      id: num(f.id),
      path: f.path,
      fileName: f.fileName,
      sizeBytes: numOrNull(f.sizeBytes),
      resolution: f.resolution,
      videoCodec: f.videoCodec,
      hdr: f.hdr,
      dolbyVision: f.dolbyVision,
      serverFileId: f.serverFileId,
      episodeIds: f.episodeIds.map(num),
    })),
    otherLiveFiles: 0,
    episodeIds: episodes.map((e) => num(e.id)),
    seasonNumbers: [...new Set(episodes.map((e) => e.seasonNumber))].sort((a, b) => a - b),
    holders,
    libraryIds: await libraryExternalIds(db, series.libraryIds),
  };
}

async function libraryExternalIds(db: DbClient, ids: bigint[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const libraries = await db.library.findMany({ where: { id: { in: ids } } });
  return libraries.map((library) => library.externalId);
}

async function seriesHolders(
  db: DbClient,
  seriesId: number,
  episodeIds: number[],
  fileIds: number[],
): Promise<ArrHolder[]> {
  const rows = await db.$queryRaw<
    {
      service_config_id: bigint;
      arr_id: number;
      enabled: boolean;
      episode_ids: number[];
      file_ids: number[];
    }[]
  >`
    SELECT a.service_config_id, a.arr_id, s.enabled,
           ARRAY(SELECT ae.arr_id FROM arr_episodes ae
                  WHERE ae.service_config_id = a.service_config_id AND ae.arr_series_id = a.arr_id
                    AND ae.episode_id = ANY(${episodeIds}::bigint[]) ORDER BY 1) AS episode_ids,
           ARRAY(SELECT DISTINCT ae.file_id FROM arr_episodes ae
                  WHERE ae.service_config_id = a.service_config_id AND ae.arr_series_id = a.arr_id
                    AND ae.episode_file_id = ANY(${fileIds}::bigint[]) AND ae.file_id IS NOT NULL
                  ORDER BY 1) AS file_ids
      FROM arr_series a JOIN service_configs s ON s.id = a.service_config_id
     WHERE a.series_id = ${seriesId}`;
  return rows.map((row) => ({
    serviceConfigId: num(row.service_config_id),
    serviceType: 'sonarr',
    enabled: row.enabled,
    arrId: row.arr_id,
    fileIds: row.file_ids,
    episodeIds: row.episode_ids,
  }));
}
