import { evaluate, type SourceAvailability, UNKNOWN_FACT } from '../../src/domain/rules';
import { NO_INPUTS } from '../../src/domain/rules/inputs';
import type { MovieProjection } from '../../src/domain/rules/root-projection';
import { buildTargets } from '../../src/domain/rules/target-facts';
import { movieFacts, seriesFacts } from '../support/facts';
import { versionTarget } from '../support/factories';
import { single } from './unit/support';

/** Movie versions and the facts every scope shares (domain.md 3.4), from hand-built rows. */
type Movie = ReturnType<typeof movieFacts>;
const NOW = new Date('2026-06-01T00:00:00.000Z');

function projection(movie: Movie): MovieProjection {
  const { versions, ...facts } = movie;
  return {
    mediaType: 'movie',
    mediaId: movie.media_id,
    facts,
    versions: versions.map((version) => ({ id: version.version_id, facts: version })),
    inputs: NO_INPUTS,
  };
}

/** A movie with two versions, TMDB metadata fetched, in one Radarr. */
function twoVersions(overrides: Partial<Movie> = {}): Movie {
  const movie = movieFacts({ title: 'Heat', versions: 2 });
  const [first, second] = movie.versions;
  if (!first || !second) throw new Error('two versions expected');
  Object.assign(first, {
    size_bytes: 40_000_000_000,
    resolution: '2160p',
    hdr: true,
    added_at: '2024-01-10T00:00:00.000Z',
    file_added_at: '2024-01-09T00:00:00.000Z',
    disk_id: 'radarr-1:/movies',
  });
  Object.assign(second, { size_bytes: 8_000_000_000, resolution: '1080p' });
  return {
    ...movie,
    metadata_refreshed_at: '2026-05-01T00:00:00.000Z',
    release_date: '1995-12-15',
    genres: ['Crime', 'Thriller'],
    original_language: 'eng',
    origin_countries: ['US'],
    tmdb_vote_average: 7.9,
    tmdb_vote_count: 7000,
    imdb_rating: 8.3,
    library_ids: [1],
    media_server_collections: ['Mann'],
    collection: { tmdb_collection_id: 44, name: 'Heat Collection' },
    radarr_service_ids: [10],
    arr_tags: ['keep'],
    is_monitored: false,
    ...overrides,
  };
}

const allAvailable: SourceAvailability = {
  catalog: true,
  arr: true,
  seerr: true,
  playback: true,
  favorites: true,
  tmdb: true,
  imdb: true,
  disk: true,
};

describe('movie version targets', () => {
  test('a movie with two versions gives one target per version, with the file facts of each', () => {
    const movie = twoVersions();
    const targets = buildTargets(projection(movie), 'movie_version', NOW);

    expect(targets.map((t) => t.target)).toEqual([
      versionTarget(movie, 0),
      versionTarget(movie, 1),
    ]);
    expect(targets[0]?.facts).toMatchObject({
      'media.size_bytes': 40_000_000_000,
      'video.resolution': '2160p',
      'video.codec': 'hevc',
      'video.hdr': true,
      'video.dolby_vision': false,
      'media.days_since_added': new Date('2024-01-10T00:00:00.000Z'),
      'file.days_since_added': new Date('2024-01-09T00:00:00.000Z'),
      'movie.version_count': 2,
    });
    expect(targets[1]?.facts).toMatchObject({
      'media.size_bytes': 8_000_000_000,
      'video.resolution': '1080p',
      'movie.version_count': 2,
    });
  });

  test('every version carries the movie-level facts', () => {
    const [target] = buildTargets(projection(twoVersions()), 'movie_version', NOW);
    expect(target?.facts).toMatchObject({
      'library.id': [1],
      'media.title': 'Heat',
      'media.year': 1999,
      'media.days_since_release': new Date('1995-12-15T00:00:00.000Z'),
      'media_server.collections': ['Mann'],
      'tmdb.genres': ['Crime', 'Thriller'],
      'tmdb.original_language': 'eng',
      'tmdb.origin_country': ['US'],
      'tmdb.collection': [44],
      'tmdb.vote_average': 7.9,
      'tmdb.vote_count': 7000,
      'imdb.rating': 8.3,
      'arr.tags': ['keep'],
      'arr.monitored': false,
    });
  });

  test('a movie has no series, season or episode targets', () => {
    const movie = projection(twoVersions());
    expect(buildTargets(movie, 'series', NOW)).toEqual([]);
    expect(buildTargets(movie, 'season', NOW)).toEqual([]);
    expect(buildTargets(movie, 'episode', NOW)).toEqual([]);
  });

  test('a series has no version targets', () => {
    const { seasons: _s, episodes: _e, episode_files: _f, ...facts } = seriesFacts();
    const series = { mediaType: 'series' as const, mediaId: facts.media_id, facts };
    expect(
      buildTargets(
        { ...series, seasons: [], episodes: [], files: [], inputs: NO_INPUTS },
        'movie_version',
        NOW,
      ),
    ).toEqual([]);
  });
});

describe('absent and unknown facts', () => {
  test('when TMDB metadata was never fetched, TMDB and IMDb facts are unknown, not absent', () => {
    const movie = twoVersions({ metadata_refreshed_at: null });
    const [target] = buildTargets(projection(movie), 'movie_version', NOW);
    for (const field of [
      'media.days_since_release',
      'tmdb.genres',
      'tmdb.original_language',
      'tmdb.origin_country',
      'tmdb.collection',
      'tmdb.vote_average',
      'tmdb.vote_count',
      'imdb.rating',
    ] as const)
      expect(target?.facts[field]).toBe(UNKNOWN_FACT);
  });

  test('with metadata fetched, no collection is a known empty list and no release date is absent', () => {
    const movie = twoVersions({ collection: null, release_date: null, tmdb_vote_average: null });
    const [target] = buildTargets(projection(movie), 'movie_version', NOW);
    expect(target?.facts['tmdb.collection']).toEqual([]);
    expect(target?.facts['media.days_since_release']).toBeNull();
    expect(target?.facts['tmdb.vote_average']).toBeNull();
  });

  test('a file no Arr knows has no import date, no disk and an absent monitored flag', () => {
    const movie = twoVersions({ radarr_service_ids: [], arr_tags: [], is_monitored: null });
    const [, second] = buildTargets(projection(movie), 'movie_version', NOW);
    expect(second?.facts).toMatchObject({
      'file.days_since_added': null,
      'media.days_since_added': null,
      'disk.free_percent': null,
      'arr.tags': null,
      'arr.monitored': null,
    });
  });

  test('a file on an Arr disk reads its disk from the snapshot, and is unknown when missing', () => {
    const diskFree = new Map([['radarr-1:/movies', 12.5]]);
    const withDisk = { ...projection(twoVersions()), inputs: { ...NO_INPUTS, diskFree } };
    const [first] = buildTargets(withDisk, 'movie_version', NOW);
    expect(first?.facts['disk.free_percent']).toBe(12.5);
    const [unknown] = buildTargets(projection(twoVersions()), 'movie_version', NOW);
    expect(unknown?.facts['disk.free_percent']).toBe(UNKNOWN_FACT);
  });

  test("a version's path is its file's; one stored before catalog sent paths is unknown", () => {
    const movie = twoVersions();
    const [first, second] = buildTargets(projection(movie), 'movie_version', NOW);
    expect(first?.facts['media.path']).toBe(movie.versions[0]?.path);
    expect(second?.facts['media.path']).toBe(movie.versions[1]?.path);
    const legacy = projection(movie);
    legacy.versions = legacy.versions.map(({ id, facts: { path: _path, ...facts } }) => ({
      id,
      facts: { ...facts, path: '' },
    }));
    expect(buildTargets(legacy, 'movie_version', NOW)[0]?.facts['media.path']).toBe(UNKNOWN_FACT);
  });

  test('without watch data or requests a movie was never watched and never requested', () => {
    const [target] = buildTargets(projection(twoVersions()), 'movie_version', NOW);
    expect(target?.facts).toMatchObject({
      'watch.view_count': 0,
      'watch.days_since_last_watched': null,
      'watch.never_watched': true,
      'playback.watched_by': [],
      'favorites.exists': false,
      'seerr.requested': false,
      'seerr.requested_by': [],
      'seerr.days_since_requested': null,
      'seerr.requester_has_watched': null,
    });
  });
});

describe('the built facts feed the evaluator', () => {
  const now = new Date('2026-06-01T00:00:00.000Z');
  const [big, small] = buildTargets(projection(twoVersions()), 'movie_version', NOW);

  test('a size condition matches the large version only', () => {
    const rule = single('media.size_bytes', 'greater_than', 20_000_000_000);
    expect(evaluate(rule, big?.facts ?? {}, allAvailable, now).verdict).toBe('match');
    expect(evaluate(rule, small?.facts ?? {}, allAvailable, now).verdict).toBe('no_match');
  });

  test('an age condition reads the stored date as whole days at now', () => {
    const rule = single('file.days_since_added', 'greater_than_or_equal', 874);
    const result = evaluate(rule, big?.facts ?? {}, allAvailable, now);
    expect(result.conditions[0]?.actual).toBe(874);
    expect(result.verdict).toBe('match');
  });

  test('a watch condition decides once playback is available, and is unknown while it is not', () => {
    const rule = single('watch.never_watched', 'is_true');
    expect(evaluate(rule, big?.facts ?? {}, allAvailable, now).verdict).toBe('match');
    const noPlayback = { ...allAvailable, playback: false };
    expect(evaluate(rule, big?.facts ?? {}, noPlayback, now).verdict).toBe('unknown');
  });
});
