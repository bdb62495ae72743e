/** Jellyfin 10.10-shaped responses (trimmed to realistic, small items). */
let counter = 0;

export function jellyfinId(): string {
  counter += 1;
  return `f2c0a1b4e6d84c7f9a3b${String(counter).padStart(12, '0')}`;
}

export function videoStream(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    Codec: 'hevc',
    ColorTransfer: 'smpte2084',
    VideoRange: 'HDR',
    VideoRangeType: 'HDR10',
    DisplayTitle: '4K HEVC HDR10',
    IsInterlaced: false,
    BitRate: 58_000_000,
    Height: 2160,
    Width: 3840,
    Type: 'Video',
    Index: 0,
    ...overrides,
  };
}

export function mediaSource(
  path: string,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    Protocol: 'File',
    Id: jellyfinId(),
    Path: path,
    Type: 'Default',
    Container: 'mkv',
    Size: 48_318_382_080,
    Name: path.split('/').pop(),
    IsRemote: false,
    RunTimeTicks: 81_600_000_000,
    SupportsDirectPlay: true,
    MediaStreams: [
      videoStream(),
      { Codec: 'truehd', Language: 'eng', Type: 'Audio', Index: 1, Channels: 8 },
    ],
    Bitrate: 60_123_000,
    ...overrides,
  };
}

export function movieItem(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const path = '/media/movies/Blade Runner 2049 (2017)/Blade Runner 2049 (2017).mkv';
  return {
    Name: 'Blade Runner 2049',
    OriginalTitle: 'Blade Runner 2049',
    ServerId: '8b2d1e0a4f3c4c8e9e1f7a6b5c4d3e2f',
    Id: jellyfinId(),
    DateCreated: '2023-04-12T19:22:31.0000000Z',
    DateLastSaved: '2024-11-02T08:00:00.1234567Z',
    Container: 'mkv',
    PremiereDate: '2017-10-04T00:00:00.0000000Z',
    Path: path,
    ProductionYear: 2017,
    Genres: ['Science Fiction', 'Drama', 'Drama'],
    RunTimeTicks: 98_360_000_000,
    ProviderIds: { Tmdb: '335984', Imdb: 'tt1856101' },
    IsFolder: false,
    Type: 'Movie',
    MediaSources: [mediaSource(path)],
    LocationType: 'FileSystem',
    MediaType: 'Video',
    ...overrides,
  };
}

export function episodeItem(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const path = '/media/tv/Severance/Season 01/Severance - S01E01 - Good News About Hell.mkv';
  return {
    Name: 'Good News About Hell',
    Id: jellyfinId(),
    DateCreated: '2022-02-20T10:00:00.0000000Z',
    DateLastSaved: '2022-02-20T10:00:00.0000000Z',
    PremiereDate: '2022-02-18T00:00:00.0000000Z',
    Path: path,
    RunTimeTicks: 34_200_000_000,
    ProviderIds: { Tvdb: '8576418', Imdb: 'tt11280740' },
    Type: 'Episode',
    IndexNumber: 1,
    ParentIndexNumber: 1,
    SeriesName: 'Severance',
    SeriesId: 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6',
    SeasonId: 'b1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6',
    MediaSources: [
      mediaSource(path, {
        Size: 2_147_483_648,
        RunTimeTicks: 34_200_000_000,
        Bitrate: 5_023_000,
        MediaStreams: [
          videoStream({
            Codec: 'h264',
            VideoRange: 'SDR',
            VideoRangeType: 'SDR',
            Width: 1920,
            Height: 1080,
          }),
        ],
      }),
    ],
    ...overrides,
  };
}

export function queryResult(items: unknown[], total: number, start = 0): Record<string, unknown> {
  return { Items: items, TotalRecordCount: total, StartIndex: start };
}
