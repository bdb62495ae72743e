/** Sonarr v3 SeriesResource, EpisodeResource and EpisodeFileResource rendering. */
import type { SimFile } from '../library/state';
import { mediaInfo, quality } from './arr-common';
import { dateOut } from './respond';
import type { Sim } from './sim';

export type Dto = Record<string, unknown>;

export function episodeFileDto(sim: Sim, index: number, file: SimFile): Dto {
  const { catalog } = sim.state;
  const episode = catalog.episode(index);
  const facts = catalog.file('episode', index, file.variant, episode.runtimeMs);
  const path = catalog.episodePath(episode, file.label);
  const seriesFolder = path.split('/').slice(0, 4).join('/');
  return {
    id: file.fileId,
    seriesId: episode.seriesIndex + 1,
    seasonNumber: episode.seasonNumber,
    relativePath: path.slice(seriesFolder.length + 1),
    path,
    size: facts.sizeBytes,
    dateAdded: dateOut(sim, 'sonarr', file.addedAt, 'iso'),
    quality: quality(facts),
    mediaInfo: mediaInfo(facts),
  };
}

export function episodeDto(sim: Sim, index: number, withFile: boolean): Dto {
  const episode = sim.state.catalog.episode(index);
  const file = sim.state.episodeFile(index);
  return {
    id: index + 1,
    seriesId: episode.seriesIndex + 1,
    tvdbId: 9_000_000 + index,
    episodeFileId: file ? file.fileId : 0,
    seasonNumber: episode.seasonNumber,
    episodeNumber: episode.episodeNumber,
    title: episode.title,
    airDate: new Date(episode.airDate).toISOString().slice(0, 10),
    airDateUtc: dateOut(sim, 'sonarr', episode.airDate, 'iso'),
    hasFile: file !== null,
    monitored: sim.state.episodeMonitored(index),
    episodeFile: withFile && file ? episodeFileDto(sim, index, file) : undefined,
  };
}

export function seriesDto(sim: Sim, index: number): Dto {
  const { catalog, options } = sim.state;
  const series = catalog.series(index);
  const override = sim.state.series.get(index);
  const first = catalog.firstEpisode(index);
  const seasons = Array.from({ length: options.seasonsPerSeries }, (_, s) => {
    let files = 0;
    let size = 0;
    for (
      let e = first + s * options.episodesPerSeason;
      e < first + (s + 1) * options.episodesPerSeason;
      e++
    ) {
      const file = sim.state.episodeFile(e);
      if (!file) continue;
      files++;
      size += catalog.file('episode', e, file.variant, catalog.episode(e).runtimeMs).sizeBytes;
    }
    const stats = {
      episodeFileCount: files,
      episodeCount: files,
      totalEpisodeCount: options.episodesPerSeason,
      sizeOnDisk: size,
    };
    return {
      seasonNumber: s + 1,
      monitored: override?.seasonMonitored?.[s + 1] ?? true,
      statistics: stats,
    };
  });
  return {
    id: index + 1,
    title: series.title,
    sortTitle: series.title.toLowerCase(),
    status: index % 3 === 0 ? 'ended' : 'continuing',
    ended: index % 3 === 0,
    year: series.year,
    path: `/media/tv/${series.title} (${series.year})`,
    qualityProfileId: 1,
    seasonFolder: true,
    monitored: override?.monitored ?? true,
    tvdbId: series.tvdbId,
    tmdbId: series.tmdbId,
    imdbId: series.imdbId,
    genres: series.genres,
    tags: override?.tags ?? [],
    added: dateOut(sim, 'sonarr', series.addedAt, 'iso'),
    seasons,
  };
}
