/** Jellyfin 10.10-shaped BaseItemDto rendering of the generated library. */
import { SAVED_AT } from '../library/catalog';
import type { SimFile } from '../library/state';
import type { PlayState } from '../library/watch';
import { JF, jfId } from './ids';
import { dateOut } from './respond';
import type { Sim } from './sim';

export const SERVER_ID = '8b2d1e0a4f3c4c8e9e1f7a6b5c4d3e2f';
const TICKS_PER_MS = 10_000;

type Dto = Record<string, unknown>;

function date(sim: Sim, ms: number | null): unknown {
  return dateOut(sim, 'jellyfin', ms, 'dotnet');
}

function mediaSource(
  sim: Sim,
  id: string,
  path: string,
  facts: ReturnType<Sim['state']['catalog']['file']>,
): Dto {
  return {
    Protocol: 'File',
    Id: id,
    Path: path,
    Type: 'Default',
    Container: 'mkv',
    Size: facts.sizeBytes,
    Name: path.slice(path.lastIndexOf('/') + 1, -4),
    IsRemote: false,
    RunTimeTicks: facts.durationMs * TICKS_PER_MS,
    SupportsDirectPlay: true,
    Bitrate: facts.bitrateKbps * 1000,
    MediaStreams: [
      {
        Codec: facts.codec,
        VideoRange: facts.rangeType === 'SDR' ? 'SDR' : 'HDR',
        VideoRangeType: facts.rangeType,
        BitRate: facts.bitrateKbps * 1000,
        Width: facts.width,
        Height: facts.height,
        Type: 'Video',
        Index: 0,
      },
      { Codec: 'eac3', Language: 'eng', Channels: 6, Type: 'Audio', Index: 1 },
    ],
  };
}

export function userData(sim: Sim, play: PlayState | null): Dto | undefined {
  if (!play) return undefined;
  return {
    PlaybackPositionTicks: 0,
    PlayCount: play.playCount,
    IsFavorite: false,
    Played: play.played,
    LastPlayedDate: play.lastPlayedAt === null ? undefined : date(sim, play.lastPlayedAt),
  };
}

export function movieDto(sim: Sim, index: number, play: PlayState | null = null): Dto {
  const { catalog } = sim.state;
  const movie = catalog.movie(index);
  const files = sim.state.movieFiles(index);
  const source = (file: SimFile, i: number) =>
    mediaSource(
      sim,
      i === 0 ? jfId(catalog.seed, JF.movie, index) : jfId(catalog.seed, JF.movieFile, file.fileId),
      catalog.moviePath(movie, file.label),
      catalog.file('movie', index, file.variant, movie.runtimeMs),
    );
  return {
    Name: movie.title,
    OriginalTitle: movie.title,
    ServerId: SERVER_ID,
    Id: jfId(catalog.seed, JF.movie, index),
    DateCreated: date(sim, movie.addedAt),
    DateLastSaved: date(sim, sim.state.movieSavedAt(index)),
    Container: 'mkv',
    PremiereDate: date(sim, Date.UTC(movie.year, 5, 1)),
    Path: files[0] ? catalog.moviePath(movie, files[0].label) : undefined,
    ProductionYear: movie.year,
    Genres: movie.genres,
    RunTimeTicks: movie.runtimeMs * TICKS_PER_MS,
    ProviderIds: { Tmdb: String(movie.tmdbId), Imdb: movie.imdbId },
    IsFolder: false,
    Type: 'Movie',
    MediaSources: files.map(source),
    UserData: userData(sim, play),
    LocationType: 'FileSystem',
    MediaType: 'Video',
  };
}

export function seriesDto(sim: Sim, index: number): Dto {
  const { catalog } = sim.state;
  const series = catalog.series(index);
  return {
    Name: series.title,
    ServerId: SERVER_ID,
    Id: jfId(catalog.seed, JF.series, index),
    DateCreated: date(sim, series.addedAt),
    DateLastSaved: date(sim, sim.state.series.get(index)?.savedAt ?? SAVED_AT),
    PremiereDate: date(sim, Date.UTC(series.year, 0, 1)),
    ProductionYear: series.year,
    Genres: series.genres,
    ProviderIds: { Tmdb: String(series.tmdbId), Tvdb: String(series.tvdbId), Imdb: series.imdbId },
    IsFolder: true,
    Type: 'Series',
    Status: 'Continuing',
    Path: `/media/tv/${series.title} (${series.year})`,
  };
}

export function seasonDto(sim: Sim, seasonIndex: number): Dto {
  const { catalog, options } = sim.state;
  const seriesIndex = Math.floor(seasonIndex / options.seasonsPerSeries);
  const number = (seasonIndex % options.seasonsPerSeries) + 1;
  const series = catalog.series(seriesIndex);
  return {
    Name: `Season ${number}`,
    ServerId: SERVER_ID,
    Id: jfId(catalog.seed, JF.season, seasonIndex),
    DateCreated: date(sim, series.addedAt),
    IndexNumber: number,
    IsFolder: true,
    Type: 'Season',
    SeriesId: jfId(catalog.seed, JF.series, seriesIndex),
    SeriesName: series.title,
    ParentId: jfId(catalog.seed, JF.series, seriesIndex),
  };
}

export function episodeDto(sim: Sim, index: number, play: PlayState | null = null): Dto {
  const { catalog } = sim.state;
  const episode = catalog.episode(index);
  const file = sim.state.episodeFile(index);
  const id = jfId(catalog.seed, JF.episode, index);
  const path = file ? catalog.episodePath(episode, file.label) : undefined;
  return {
    Name: episode.title,
    ServerId: SERVER_ID,
    Id: id,
    DateCreated: date(sim, file?.addedAt ?? null),
    DateLastSaved: date(sim, sim.state.episodes.get(index)?.savedAt ?? SAVED_AT),
    PremiereDate: date(sim, episode.airDate),
    Path: path,
    RunTimeTicks: episode.runtimeMs * TICKS_PER_MS,
    ProviderIds: { Tvdb: String(9_000_000 + index) },
    IsFolder: false,
    Type: 'Episode',
    IndexNumber: episode.episodeNumber,
    ParentIndexNumber: episode.seasonNumber,
    SeriesName: catalog.series(episode.seriesIndex).title,
    SeriesId: jfId(catalog.seed, JF.series, episode.seriesIndex),
    SeasonId: jfId(catalog.seed, JF.season, episode.seasonIndex),
    MediaSources:
      file && path
        ? [
            mediaSource(
              sim,
              id,
              path,
              catalog.file('episode', index, file.variant, episode.runtimeMs),
            ),
          ]
        : [],
    UserData: userData(sim, play),
    LocationType: 'FileSystem',
    MediaType: 'Video',
  };
}
