/** Radarr/Sonarr v3-shaped resources (trimmed, realistic values). */
export function mediaInfo(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    audioBitrate: 640000,
    audioChannels: 5.1,
    audioCodec: 'EAC3',
    audioLanguages: 'eng',
    audioStreamCount: 1,
    videoBitDepth: 10,
    videoBitrate: 0,
    videoCodec: 'x265',
    videoFps: 23.976,
    videoDynamicRange: 'HDR',
    videoDynamicRangeType: 'DV HDR10',
    resolution: '3840x2160',
    runTime: '2:44:00',
    scanType: 'Progressive',
    subtitles: 'eng',
    ...overrides,
  };
}

export function movieFile(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 901,
    movieId: 12,
    relativePath: 'Blade Runner 2049 (2017).mkv',
    path: '/media/movies/Blade Runner 2049 (2017)/Blade Runner 2049 (2017).mkv',
    size: 48_318_382_080,
    dateAdded: '2023-04-12T19:20:00Z',
    quality: {
      quality: { id: 19, name: 'Bluray-2160p', source: 'bluray', resolution: 2160 },
      revision: { version: 1 },
    },
    mediaInfo: mediaInfo(),
    qualityCutoffNotMet: false,
    ...overrides,
  };
}

export function radarrMovie(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 12,
    title: 'Blade Runner 2049',
    originalTitle: 'Blade Runner 2049',
    sortTitle: 'blade runner 2049',
    sizeOnDisk: 48_318_382_080,
    status: 'released',
    images: [{ coverType: 'poster', url: '/MediaCover/12/poster.jpg' }],
    year: 2017,
    hasFile: true,
    path: '/media/movies/Blade Runner 2049 (2017)',
    qualityProfileId: 4,
    monitored: true,
    minimumAvailability: 'released',
    runtime: 164,
    tmdbId: 335984,
    imdbId: 'tt1856101',
    tags: [3],
    added: '2023-04-12T19:00:00Z',
    ratings: { imdb: { votes: 700000, value: 8, type: 'user' } },
    movieFile: movieFile(),
    ...overrides,
  };
}

export function sonarrSeries(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 7,
    title: 'Severance',
    sortTitle: 'severance',
    status: 'continuing',
    ended: false,
    network: 'Apple TV+',
    year: 2022,
    path: '/media/tv/Severance',
    qualityProfileId: 1,
    seasonFolder: true,
    monitored: true,
    monitorNewItems: 'all',
    tvdbId: 371980,
    tmdbId: 95396,
    imdbId: 'tt11280740',
    seriesType: 'standard',
    tags: [],
    added: '2022-02-18T09:00:00Z',
    seasons: [
      {
        seasonNumber: 0,
        monitored: false,
        statistics: { episodeFileCount: 0, episodeCount: 0, totalEpisodeCount: 2, sizeOnDisk: 0 },
      },
      {
        seasonNumber: 1,
        monitored: true,
        statistics: {
          episodeFileCount: 9,
          episodeCount: 9,
          totalEpisodeCount: 9,
          sizeOnDisk: 19_000_000_000,
        },
      },
      {
        seasonNumber: 2,
        monitored: true,
        statistics: {
          episodeFileCount: 3,
          episodeCount: 10,
          totalEpisodeCount: 10,
          sizeOnDisk: 6_000_000_000,
        },
      },
    ],
    ...overrides,
  };
}

export function sonarrEpisode(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 3001,
    seriesId: 7,
    tvdbId: 8576418,
    episodeFileId: 501,
    seasonNumber: 1,
    episodeNumber: 1,
    title: 'Good News About Hell',
    airDate: '2022-02-18',
    airDateUtc: '2022-02-18T05:00:00Z',
    hasFile: true,
    monitored: true,
    episodeFile: {
      id: 501,
      seriesId: 7,
      seasonNumber: 1,
      relativePath: 'Season 01/Severance - S01E01 - Good News About Hell.mkv',
      path: '/media/tv/Severance/Season 01/Severance - S01E01 - Good News About Hell.mkv',
      size: 2_147_483_648,
      dateAdded: '2022-02-18T09:30:00Z',
      mediaInfo: mediaInfo({
        videoCodec: 'h264',
        videoDynamicRangeType: '',
        resolution: '1920x1080',
      }),
    },
    ...overrides,
  };
}
