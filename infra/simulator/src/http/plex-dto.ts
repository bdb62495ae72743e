/** Plex Metadata/Media/Part rendering of the generated library (JSON, as with Accept: application/json). */
import type { FileFacts } from '../library/catalog';
import type { SimFile } from '../library/state';
import { PLEX, plexKey } from './ids';
import { dateOut } from './respond';
import type { Sim } from './sim';

export type Dto = Record<string, unknown>;

const LABELS: Record<FileFacts['quality'], string> = {
  '2160p': '4k',
  '1080p': '1080',
  '720p': '720',
  sd: 'sd',
};

function media(
  sim: Sim,
  kind: 'movie' | 'episode',
  index: number,
  file: SimFile,
  path: string,
  runtimeMs: number,
  details: boolean,
): Dto {
  const facts = sim.state.catalog.file(kind, index, file.variant, runtimeMs);
  const id = plexKey(kind === 'movie' ? PLEX.movieMedia : PLEX.episodeMedia, file.fileId);
  const stream = {
    id: 1,
    streamType: 1,
    codec: facts.codec,
    colorTrc: facts.rangeType === 'SDR' ? 'bt709' : 'smpte2084',
    DOVIPresent: facts.rangeType === 'DOVIWithHDR10',
  };
  return {
    id,
    duration: facts.durationMs,
    bitrate: facts.bitrateKbps,
    width: facts.width,
    height: facts.height,
    videoCodec: facts.codec,
    videoResolution: LABELS[facts.quality],
    container: 'mkv',
    Part: [
      {
        id: id + 1_000_000_000,
        key: `/library/parts/${id}/file.mkv`,
        duration: facts.durationMs,
        file: path,
        size: facts.sizeBytes,
        container: 'mkv',
        ...(details ? { Stream: [stream] } : {}),
      },
    ],
  };
}

export function movieDto(sim: Sim, index: number, details = false): Dto {
  const { catalog } = sim.state;
  const movie = catalog.movie(index);
  return {
    ratingKey: String(plexKey(PLEX.movie, index)),
    key: `/library/metadata/${plexKey(PLEX.movie, index)}`,
    type: 'movie',
    title: movie.title,
    year: movie.year,
    addedAt: dateOut(sim, 'plex', movie.addedAt, 'epoch'),
    updatedAt: dateOut(sim, 'plex', sim.state.movieSavedAt(index), 'epoch'),
    originallyAvailableAt: `${movie.year}-06-01`,
    duration: movie.runtimeMs,
    Media: sim.state
      .movieFiles(index)
      .map((file) =>
        media(
          sim,
          'movie',
          index,
          file,
          catalog.moviePath(movie, file.label),
          movie.runtimeMs,
          details,
        ),
      ),
    Genre: movie.genres.map((tag) => ({ tag })),
    Guid: [{ id: `imdb://${movie.imdbId}` }, { id: `tmdb://${movie.tmdbId}` }],
  };
}

export function showDto(sim: Sim, index: number): Dto {
  const series = sim.state.catalog.series(index);
  return {
    ratingKey: String(plexKey(PLEX.show, index)),
    type: 'show',
    title: series.title,
    year: series.year,
    addedAt: dateOut(sim, 'plex', series.addedAt, 'epoch'),
    Genre: series.genres.map((tag) => ({ tag })),
    Guid: [
      { id: `imdb://${series.imdbId}` },
      { id: `tmdb://${series.tmdbId}` },
      { id: `tvdb://${series.tvdbId}` },
    ],
  };
}

export function seasonDto(sim: Sim, seasonIndex: number): Dto {
  const { seasonsPerSeries } = sim.state.options;
  const seriesIndex = Math.floor(seasonIndex / seasonsPerSeries);
  return {
    ratingKey: String(plexKey(PLEX.season, seasonIndex)),
    parentRatingKey: String(plexKey(PLEX.show, seriesIndex)),
    type: 'season',
    title: `Season ${(seasonIndex % seasonsPerSeries) + 1}`,
    index: (seasonIndex % seasonsPerSeries) + 1,
    addedAt: dateOut(sim, 'plex', sim.state.catalog.series(seriesIndex).addedAt, 'epoch'),
  };
}

export function episodeDto(sim: Sim, index: number, details = false): Dto {
  const { catalog } = sim.state;
  const episode = catalog.episode(index);
  const file = sim.state.episodeFile(index);
  return {
    ratingKey: String(plexKey(PLEX.episode, index)),
    parentRatingKey: String(plexKey(PLEX.season, episode.seasonIndex)),
    grandparentRatingKey: String(plexKey(PLEX.show, episode.seriesIndex)),
    type: 'episode',
    title: episode.title,
    index: episode.episodeNumber,
    parentIndex: episode.seasonNumber,
    addedAt: dateOut(sim, 'plex', file?.addedAt ?? null, 'epoch'),
    originallyAvailableAt: new Date(episode.airDate).toISOString().slice(0, 10),
    Media: file
      ? [
          media(
            sim,
            'episode',
            index,
            file,
            catalog.episodePath(episode, file.label),
            episode.runtimeMs,
            details,
          ),
        ]
      : [],
  };
}
