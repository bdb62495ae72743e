import {
  isSeasonFolder,
  isSidecarOf,
  itemFolders,
  mapPath,
  moveDestination,
} from '../../src/domain/move-paths';

/** domain.md 6.6 and 6.6.1: path mappings, destinations and sidecars, without a filesystem. */
const mappings = [
  { service_config_id: null, remote_prefix: '/data', local_prefix: '/mnt/data' },
  { service_config_id: 2, remote_prefix: '/data/movies', local_prefix: '/mnt/films/' },
  { service_config_id: 3, remote_prefix: '/data/movies/4k', local_prefix: '/mnt/other' },
  { remote_prefix: 'D:\\Media', local_prefix: '/mnt/windows' },
];

test('the longest prefix of the service or of all services wins, on whole segments', () => {
  expect(mapPath('/data/movies/A/A.mkv', 2, mappings)).toBe('/mnt/films/A/A.mkv');
  expect(mapPath('/data/movies/4k/A.mkv', 2, mappings)).toBe('/mnt/films/4k/A.mkv');
  expect(mapPath('/data/movies/A/A.mkv', 5, mappings)).toBe('/mnt/data/movies/A/A.mkv');
  expect(mapPath('/data/movies/A/A.mkv', null, mappings)).toBe('/mnt/data/movies/A/A.mkv');
  expect(mapPath('/database/A.mkv', 2, mappings)).toBeNull();
  expect(mapPath('/other/A.mkv', 2, mappings)).toBeNull();
  expect(mapPath('D:\\Media\\Show\\S01.mkv', 1, mappings)).toBe('/mnt/windows/Show/S01.mkv');
});

test('a reported path that climbs out of its prefix is unmapped', () => {
  expect(mapPath('/data/../etc/passwd', 1, mappings)).toBeNull();
  expect(mapPath('/data', 1, mappings)).toBeNull();
});

test('the destination keeps the item folder and, for episodes, the season folder', () => {
  expect(moveDestination('/mnt/m/Film (2020)/Film (2020).mkv', 'movie', '/archive/')).toBe(
    '/archive/Film (2020)/Film (2020).mkv',
  );
  expect(moveDestination('/mnt/tv/Show/Season 01/Show - S01E01.mkv', 'series', '/a')).toBe(
    '/a/Show/Season 01/Show - S01E01.mkv',
  );
  expect(moveDestination('/mnt/tv/Show/Show - S01E01.mkv', 'series', '/a')).toBe(
    '/a/Show/Show - S01E01.mkv',
  );
  expect(moveDestination('/Film.mkv', 'movie', '/a')).toBeNull();
  expect(itemFolders('/mnt/tv/Show/Specials/x.mkv', 'series')).toEqual([
    '/mnt/tv/Show/Specials',
    '/mnt/tv/Show',
  ]);
  expect(['Season 1', 'S01', 'Staffel 2', 'specials'].every(isSeasonFolder)).toBe(true);
  expect(['Extras', 'Season One', 'Show'].some(isSeasonFolder)).toBe(false);
});

test('sidecars start with the base name followed by a dot or a dash; other videos never are', () => {
  const media = 'Film (2020).mkv';
  expect(
    ['Film (2020).en.srt', 'Film (2020).nfo', 'Film (2020)-poster.jpg'].every((n) =>
      isSidecarOf(media, n),
    ),
  ).toBe(true);
  expect(
    [
      'Film (2020).mkv',
      'Film (2020) - 4K.mkv',
      'Film (2020) - 4K.nfo',
      'Film.nfo',
      'Film (2020).mp4',
    ].some((n) => isSidecarOf(media, n)),
  ).toBe(false);
});
