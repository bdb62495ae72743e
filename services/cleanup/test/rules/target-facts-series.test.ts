import { UNKNOWN_FACT } from '../../src/domain/rules';
import { NO_INPUTS } from '../../src/domain/rules/inputs';
import type { SeriesProjection } from '../../src/domain/rules/root-projection';
import { buildTargets } from '../../src/domain/rules/target-facts';
import { seriesFacts } from '../support/facts';
import { episodeTarget, seasonTarget, seriesTarget } from '../support/factories';

/** Series, season and episode targets and their aggregates (domain.md 3.4), from hand-built rows. */
type Series = ReturnType<typeof seriesFacts>;
const NOW = new Date('2026-06-01T00:00:00.000Z');

function projection(series: Series): SeriesProjection {
  const { seasons, episodes, episode_files, ...facts } = series;
  return {
    mediaType: 'series',
    mediaId: series.media_id,
    facts,
    seasons: seasons.map((s) => ({ id: s.season_id, seasonNumber: s.season_number, facts: s })),
    episodes: episodes.map((e) => ({
      id: e.episode_id,
      seasonId: e.season_id,
      seasonNumber: e.season_number,
      episodeNumber: e.episode_number,
      episodeFileId: e.episode_file_id,
      facts: e,
    })),
    files: episode_files.map((f) => ({ id: f.episode_file_id, facts: f })),
    inputs: NO_INPUTS,
  };
}

const file = (series: Series, index: number) => {
  const found = series.episode_files[index];
  if (!found) throw new Error(`no file ${index}`);
  return found;
};

/**
 * Season 1 with episodes 1-2, season 2 with episode 1; files of 1, 2 and 4 GB imported on
 * the 1st, 3rd and 2nd of March, added to the server a day later each.
 */
function twoSeasons(overrides: Partial<Series> = {}): Series {
  const series = seriesFacts({ title: 'Dark', episodes: [2, 1] });
  [1, 2, 4].forEach((gb, i) =>
    Object.assign(file(series, i), {
      size_bytes: gb * 1_000_000_000,
      file_added_at: `2025-03-0${[1, 3, 2][i]}T00:00:00.000Z`,
      added_at: `2025-03-0${[2, 4, 3][i]}T00:00:00.000Z`,
    }),
  );
  return {
    ...series,
    metadata_refreshed_at: '2026-05-01T00:00:00.000Z',
    status: 'Returning Series',
    first_air_date: '2017-12-01',
    added_at: '2024-12-24T00:00:00.000Z',
    is_monitored: true,
    latest_known_season_number: 3,
    sonarr_service_ids: [20],
    arr_tags: ['german'],
    disk_id: 'sonarr-1:/tv',
    ...overrides,
  };
}

const targetsOf = (series: Series, scope: 'series' | 'season' | 'episode') =>
  buildTargets(projection(series), scope, NOW);

describe('series targets', () => {
  test('a series sums its live files and takes the newest import', () => {
    const series = twoSeasons();
    const [target, ...others] = targetsOf(series, 'series');
    expect(others).toEqual([]);
    expect(target?.target).toEqual(seriesTarget(series));
    expect(target?.facts).toMatchObject({
      'media.title': 'Dark',
      'media.size_bytes': 7_000_000_000,
      'file.days_since_added': new Date('2025-03-03T00:00:00.000Z'),
      'media.days_since_added': new Date('2024-12-24T00:00:00.000Z'),
      'media.days_since_release': new Date('2017-12-01T00:00:00.000Z'),
      'arr.monitored': true,
      'arr.tags': ['german'],
      'series.status': 'continuing',
      // The series' disk is missing from the (empty) disk snapshot.
      'disk.free_percent': UNKNOWN_FACT,
    });
  });

  test('a series without files has size 0 and no import date', () => {
    const series = twoSeasons();
    const empty = { ...projection(series), files: [] };
    const [target] = buildTargets(empty, 'series', NOW);
    expect(target?.facts['media.size_bytes']).toBe(0);
    expect(target?.facts['file.days_since_added']).toBeNull();
  });

  test('one file of unknown size makes the sum unknown rather than too small', () => {
    const series = twoSeasons();
    file(series, 1).size_bytes = null;
    const [whole] = targetsOf(series, 'series');
    const [first, second] = targetsOf(series, 'season');
    expect(whole?.facts['media.size_bytes']).toBe(UNKNOWN_FACT);
    expect(first?.facts['media.size_bytes']).toBe(UNKNOWN_FACT);
    expect(second?.facts['media.size_bytes']).toBe(4_000_000_000);
  });
});

describe('season targets', () => {
  test('each season aggregates the files of its own episodes', () => {
    const series = twoSeasons();
    const seasons = targetsOf(series, 'season');
    expect(seasons.map((s) => s.target)).toEqual([
      seasonTarget(series, 0),
      seasonTarget(series, 1),
    ]);
    expect(seasons[0]?.facts).toMatchObject({
      'season.number': 1,
      'media.size_bytes': 3_000_000_000,
      'file.days_since_added': new Date('2025-03-03T00:00:00.000Z'),
      'media.days_since_added': new Date('2025-03-02T00:00:00.000Z'),
      'season.is_latest': false,
      // Nobody has watched anything.
      'season.fully_watched': false,
      'series.status': 'continuing',
    });
    expect(seasons[1]?.facts).toMatchObject({
      'season.number': 2,
      'media.size_bytes': 4_000_000_000,
      'file.days_since_added': new Date('2025-03-02T00:00:00.000Z'),
    });
  });

  test('a multi-episode file counts once in its season', () => {
    const series = twoSeasons();
    const [e1, e2] = series.episodes;
    if (!e1 || !e2) throw new Error('two episodes expected');
    e2.episode_file_id = e1.episode_file_id;
    file(series, 0).episode_ids = [e1.episode_id, e2.episode_id];
    series.episode_files.splice(1, 1);
    const [first] = targetsOf(series, 'season');
    expect(first?.facts['media.size_bytes']).toBe(1_000_000_000);
  });

  test('the latest season is the highest number TMDB or Sonarr knows, not the library', () => {
    const series = twoSeasons({ latest_known_season_number: 2 });
    const latest = targetsOf(series, 'season').map((s) => s.facts['season.is_latest']);
    expect(latest).toEqual([false, true]);
  });

  test('with no known latest season it is unknown before metadata is fetched, false after', () => {
    const unfetched = twoSeasons({ latest_known_season_number: null, metadata_refreshed_at: null });
    const fetched = twoSeasons({ latest_known_season_number: null });
    expect(targetsOf(unfetched, 'season')[1]?.facts['season.is_latest']).toBe(UNKNOWN_FACT);
    expect(targetsOf(fetched, 'season')[1]?.facts['season.is_latest']).toBe(false);
  });

  test('the monitored flag is the season flag, absent when Sonarr does not know it', () => {
    const series = twoSeasons();
    const [s1, s2] = series.seasons;
    if (!s1 || !s2) throw new Error('two seasons expected');
    s1.is_monitored = false;
    const monitored = targetsOf(series, 'season').map((s) => s.facts['arr.monitored']);
    expect(monitored).toEqual([false, null]);
  });
});

describe('media.path of series, seasons and episodes (3.4 #3)', () => {
  const paths = (series: Series, list: string[]) =>
    list.forEach((path, i) => Object.assign(file(series, i), { path }));

  test('series and seasons take the series folder, an episode its own file', () => {
    const series = twoSeasons();
    paths(series, [
      '/media/tv/Dark/Season 1/Dark S01E01.mkv',
      '/media/tv/Dark/Season 1/Dark S01E02.mkv',
      'D:\\tv\\Dark\\Season 2\\Dark S02E01.mkv',
    ]);
    // Files on two drives share no folder: unknown rather than a guess.
    expect(targetsOf(series, 'series')[0]?.facts['media.path']).toBe(UNKNOWN_FACT);
    paths(series, [
      '/media/tv/Dark/Season 1/Dark S01E01.mkv',
      '/media/tv/Dark/Season 1/Dark S01E02.mkv',
      '/media/tv/Dark/Season 2/Dark S02E01.mkv',
    ]);
    expect(targetsOf(series, 'series')[0]?.facts['media.path']).toBe('/media/tv/Dark');
    expect(targetsOf(series, 'season').map((s) => s.facts['media.path'])).toEqual([
      '/media/tv/Dark',
      '/media/tv/Dark',
    ]);
    expect(targetsOf(series, 'episode').map((e) => e.facts['media.path'])).toEqual([
      '/media/tv/Dark/Season 1/Dark S01E01.mkv',
      '/media/tv/Dark/Season 1/Dark S01E02.mkv',
      '/media/tv/Dark/Season 2/Dark S02E01.mkv',
    ]);
  });

  test('the folder is compared by whole segments', () => {
    const series = twoSeasons();
    paths(series, ['/media/tv/Dark/a.mkv', '/media/tv/Dark 2/b.mkv', '/media/tv/Dark/c.mkv']);
    expect(targetsOf(series, 'series')[0]?.facts['media.path']).toBe('/media/tv');
  });

  test('no files: absent; a file without a path: unknown for series, seasons and that episode', () => {
    const series = twoSeasons();
    const [none] = buildTargets({ ...projection(series), files: [] }, 'series', NOW);
    expect(none?.facts['media.path']).toBeNull();
    file(series, 1).path = '';
    expect(targetsOf(series, 'series')[0]?.facts['media.path']).toBe(UNKNOWN_FACT);
    expect(targetsOf(series, 'season')[1]?.facts['media.path']).toBe(UNKNOWN_FACT);
    const episodes = targetsOf(series, 'episode').map((e) => e.facts['media.path']);
    expect(episodes[1]).toBe(UNKNOWN_FACT);
    expect(episodes[0]).toBe(file(series, 0).path);
  });
});

describe('episode targets', () => {
  test('each episode with a live file is a target with the facts of that file', () => {
    const series = twoSeasons();
    const [e1] = series.episodes;
    if (!e1) throw new Error('an episode expected');
    Object.assign(e1, { air_date: '2017-12-01T00:00:00.000Z', is_monitored: true });
    const episodes = targetsOf(series, 'episode');
    expect(episodes.map((e) => e.target)).toEqual([0, 1, 2].map((i) => episodeTarget(series, i)));
    expect(episodes[0]?.facts).toMatchObject({
      'season.number': 1,
      'media.size_bytes': 1_000_000_000,
      'media.days_since_added': new Date('2025-03-02T00:00:00.000Z'),
      'file.days_since_added': new Date('2025-03-01T00:00:00.000Z'),
      'episode.days_since_air_date': new Date('2017-12-01T00:00:00.000Z'),
      'video.resolution': '1080p',
      'video.codec': 'hevc',
      'arr.monitored': true,
      'season.is_latest': false,
    });
    expect(episodes[1]?.facts['episode.days_since_air_date']).toBeNull();
  });

  test('an episode without a live file is no target but still part of its season', () => {
    const series = twoSeasons();
    const [e1, e2] = series.episodes;
    if (!e1 || !e2) throw new Error('two episodes expected');
    e1.episode_file_id = null;
    series.episode_files.splice(1, 1); // e2's file left; its stale id must not count
    const episodes = targetsOf(series, 'episode');
    expect(episodes.map((e) => e.target)).toEqual([episodeTarget(series, 2)]);
    expect(targetsOf(series, 'season').map((s) => s.target.seasonId)).toEqual(
      series.seasons.map((s) => s.season_id),
    );
    expect(targetsOf(series, 'season')[0]?.facts['media.size_bytes']).toBe(0);
  });
});

describe('series.status (3.4 #27)', () => {
  test.each([
    ['TMDB Canceled wins over Sonarr', 'Canceled', 'continuing', true, 'canceled'],
    ['Sonarr status when linked', 'Ended', 'continuing', true, 'continuing'],
    ["Sonarr's deleted falls back to TMDB", 'Ended', 'deleted', true, 'ended'],
    ['TMDB In Production is upcoming', 'In Production', null, true, 'upcoming'],
    ['TMDB without a status is absent', null, null, true, null],
    ['Sonarr alone without TMDB metadata', null, 'ended', false, 'ended'],
    ['neither source answers: unknown', null, null, false, UNKNOWN_FACT],
  ] as const)('%s', (_name, status, arrStatus, fetched, expected) => {
    const series = twoSeasons({
      status,
      arr_status: arrStatus,
      metadata_refreshed_at: fetched ? '2026-05-01T00:00:00.000Z' : null,
    });
    for (const scope of ['series', 'season', 'episode'] as const)
      expect(targetsOf(series, scope)[0]?.facts['series.status']).toBe(expected);
  });
});

describe('watch facts per episode (domain.md 3.4 #9-12, #38)', () => {
  test('listed episodes without plays read like unplayed ones; a favourite alone counts', () => {
    const series = twoSeasons();
    const [e1, e2, e3] = series.episodes.map((e) => e.episode_id);
    const row = (id: number | undefined, extra = {}) => ({
      episode_id: id ?? 0,
      view_count: 0,
      last_viewed_at: null,
      favorite_user_keys: [] as string[],
      ...extra,
    });
    const inputs = {
      ...NO_INPUTS,
      watch: {
        media_type: 'series' as const,
        media_id: series.media_id,
        as_of: NOW.toISOString(),
        view_count: 2,
        last_viewed_at: '2026-05-01T00:00:00.000Z',
        favorite_user_keys: [],
        // catalog lists every live episode of a watched series.
        episodes: [
          row(e1, { view_count: 2, last_viewed_at: '2026-05-01T00:00:00.000Z' }),
          row(e2),
          row(e3, { favorite_user_keys: ['3:u1'] }),
        ],
        watch_states: [
          {
            playback_user_key: '3:u1',
            movie_id: null,
            episode_id: e1 ?? 0,
            play_count: 2,
            last_played_at: '2026-05-01T00:00:00.000Z',
            completed: true,
          },
        ],
      },
    };
    const episodes = buildTargets({ ...projection(series), inputs }, 'episode', NOW);
    const facts = (i: number) => {
      const f = episodes[i]?.facts ?? {};
      return [
        f['watch.view_count'],
        f['watch.never_watched'],
        f['playback.watched_by'],
        f['favorites.exists'],
        f['season.fully_watched'],
      ];
    };
    expect(facts(0)).toEqual([2, false, ['3:u1'], false, false]);
    expect(facts(1)).toEqual([0, true, [], false, false]);
    expect(facts(2)).toEqual([0, true, [], true, false]);
  });
});
