/** Plex Media Server JSON (Accept: application/json), trimmed to realistic items. */
export function plexMovie(
  ratingKey: number,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    ratingKey: String(ratingKey),
    key: `/library/metadata/${ratingKey}`,
    guid: 'plex://movie/5d776b59ad5437001f79c6f8',
    type: 'movie',
    title: 'Blade Runner 2049',
    originalTitle: 'Blade Runner 2049',
    year: 2017,
    addedAt: 1681327351,
    updatedAt: 1730534400,
    originallyAvailableAt: '2017-10-04',
    duration: 9836000,
    Media: [
      {
        id: ratingKey * 10,
        duration: 9836000,
        bitrate: 60123,
        width: 3840,
        height: 1600,
        aspectRatio: 2.35,
        videoCodec: 'hevc',
        videoResolution: '4k',
        container: 'mkv',
        videoProfile: 'main 10',
        Part: [
          {
            id: ratingKey * 100,
            key: `/library/parts/${ratingKey * 100}/1681327351/file.mkv`,
            duration: 9836000,
            file: '/data/movies/Blade Runner 2049 (2017)/Blade Runner 2049 (2017).mkv',
            size: 48318382080,
            container: 'mkv',
          },
        ],
      },
    ],
    Genre: [{ tag: 'Science Fiction' }, { tag: 'Drama' }],
    Guid: [{ id: 'imdb://tt1856101' }, { id: 'tmdb://335984' }, { id: 'tvdb://16383' }],
    ...overrides,
  };
}

export function plexContainer(
  key: string,
  items: unknown[],
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    MediaContainer: {
      size: items.length,
      allowSync: true,
      identifier: 'com.plexapp.plugins.library',
      [key]: items,
      ...extra,
    },
  };
}
