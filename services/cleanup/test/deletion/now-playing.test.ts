import { isPlaying, type NowPlaying } from '../../src/domain/deletion/now-playing';
import { NO_INPUTS } from '../../src/domain/rules/inputs';
import type { SeriesProjection } from '../../src/domain/rules/root-projection';
import type { Target } from '../../src/domain/target';

/** Which targets a session blocks (domain.md 6.1 step 4): pure. */
const none = { movieVersionId: null, seriesId: 5, seasonNumber: null, episodeNumber: null };
const series: Target = {
  mediaType: 'series',
  scope: 'series',
  mediaId: 5,
  ...none,
  seasonId: null,
  episodeId: null,
};
const season1: Target = { ...series, scope: 'season', seasonId: 11, seasonNumber: 1 };
const season2: Target = { ...series, scope: 'season', seasonId: 12, seasonNumber: 2 };
const episode101: Target = { ...season1, scope: 'episode', episodeId: 101, episodeNumber: 1 };
const episode102: Target = { ...season1, scope: 'episode', episodeId: 102, episodeNumber: 2 };
const movie: Target = {
  mediaType: 'movie',
  scope: 'version',
  mediaId: 7,
  movieVersionId: 70,
  seriesId: null,
  seasonId: null,
  seasonNumber: null,
  episodeId: null,
  episodeNumber: null,
};

const episodeRow = (id: number, seasonId: number) => ({
  id,
  seasonId,
  seasonNumber: seasonId - 10,
  episodeNumber: id % 100,
  episodeFileId: id,
  facts: {} as SeriesProjection['episodes'][number]['facts'],
});
const root: SeriesProjection = {
  mediaType: 'series',
  mediaId: 5,
  facts: {} as SeriesProjection['facts'],
  seasons: [],
  episodes: [episodeRow(101, 11), episodeRow(102, 11), episodeRow(201, 12)],
  files: [],
  inputs: NO_INPUTS,
};

const session = (media: Partial<NowPlaying[number]>): NowPlaying => [
  {
    service_config_id: 1,
    media_type: 'series',
    media_id: 5,
    movie_version_id: null,
    episode_id: null,
    ...media,
  },
];

test('an episode session blocks that episode, its season and its series, nothing else', () => {
  const playing = session({ episode_id: 101 });
  expect(
    [series, season1, season2, episode101, episode102].map((t) => isPlaying(t, root, playing)),
  ).toEqual([true, true, false, true, false]);
});

test('a session on the show itself, or on an episode the projection lacks, blocks every season', () => {
  expect(isPlaying(season2, root, session({}))).toBe(true);
  expect(isPlaying(season2, root, session({ episode_id: 999 }))).toBe(true);
  expect(isPlaying(episode102, root, session({ episode_id: 999 }))).toBe(false);
});

test('a movie session blocks every version of that movie only', () => {
  const playing = session({ media_type: 'movie', media_id: 7 });
  expect(isPlaying(movie, undefined, playing)).toBe(true);
  expect(isPlaying({ ...movie, mediaId: 8 }, undefined, playing)).toBe(false);
  expect(isPlaying(series, root, playing)).toBe(false);
});
