import type { OperationCommand } from '../../src/operations/operation-intake';
import { planOperation, type Plan } from '../../src/operations/plan';
import type { ArrHolder, TargetState } from '../../src/operations/target.repository';

/** domain.md 6.5 routing and the Arr action matrix, fail-closed on anything unproven. */
const command = (
  overrides: Partial<OperationCommand> = {},
  target: Partial<OperationCommand['target']> = {},
): OperationCommand => ({
  operation_id: 1,
  candidate_id: 2,
  kind: 'delete',
  trigger: 'auto',
  target: {
    scope: 'version',
    media_type: 'movie',
    media_id: 10,
    movie_version_id: 11,
    season_id: null,
    episode_id: null,
    ...target,
  },
  arr_action: 'delete',
  media_server_action: 'delete',
  allowed_arr_service_ids: null,
  add_import_exclusion: true,
  requested_by: { type: 'system', id: null },
  ...overrides,
});
const radarr = (overrides: Partial<ArrHolder> = {}): ArrHolder => ({
  serviceConfigId: 3,
  serviceType: 'radarr',
  enabled: true,
  arrId: 77,
  fileIds: [88],
  episodeIds: [],
  ...overrides,
});
const state = (overrides: Partial<TargetState> = {}): TargetState => ({
  live: true,
  title: 'Movie',
  itemServerId: 'item-1',
  partServerId: null,
  files: [
    {
      id: 11,
      path: '/media/movies/Movie/Movie.mkv',
      fileName: 'Movie.mkv',
      sizeBytes: 5,
      resolution: null,
      videoCodec: null,
      hdr: null,
      dolbyVision: null,
      serverFileId: 'item-1',
      episodeIds: [],
    },
  ],
  otherLiveFiles: 0,
  episodeIds: [],
  seasonNumbers: [],
  holders: [radarr()],
  libraryIds: ['lib-1'],
  ...overrides,
});
const context = {
  fallbackEnabled: true,
  mainServer: { id: 9, type: 'jellyfin' as const },
  move: { movies: '/archive/movies', series: '/archive/tv', mappings: [] },
};
const calls = (plan: Plan | { failure: string }) =>
  'failure' in plan ? plan.failure : plan.steps.map((s) => s.call);

test('the last version through Radarr: delete the movie with files and an import exclusion', () => {
  const plan = planOperation(command(), state(), context) as Plan;
  expect(calls(plan)).toEqual(['deleteMovie']);
  expect(plan.route).toEqual({
    service_type: 'radarr',
    service_config_id: 3,
    arr_action: 'delete',
    import_exclusion: true,
  });
  expect(plan.checks).toEqual([expect.objectContaining({ check: 'movieGone', movieId: 77 })]);
  expect(plan).toMatchObject({ removesFiles: true, removesItem: true });
});

test('a version while others remain: only its movie file goes, the entry stays', () => {
  const plan = planOperation(command(), state({ otherLiveFiles: 1 }), context) as Plan;
  expect(calls(plan)).toEqual(['deleteMovieFile']);
  expect(plan.removesItem).toBe(false);
});

test('unmonitor deletes the file and unmonitors; unmonitor_only only unmonitors', () => {
  expect(calls(planOperation(command({ arr_action: 'unmonitor' }), state(), context))).toEqual([
    'deleteMovieFile',
    'unmonitorMovie',
  ]);
  const only = planOperation(command({ arr_action: 'unmonitor_only' }), state(), context) as Plan;
  expect(calls(only)).toEqual(['unmonitorMovie']);
  expect(only.removesFiles).toBe(false);
});

test('without an allowed Arr holder the main server deletes, when allowed to', () => {
  const notAllowed = command({ allowed_arr_service_ids: [4] });
  expect(calls(planOperation(notAllowed, state(), context))).toEqual(['deleteItem']);
  expect(planOperation(notAllowed, state(), { ...context, fallbackEnabled: false })).toEqual({
    failure: 'no_route',
  });
  expect(
    planOperation(
      command({ allowed_arr_service_ids: [4], media_server_action: 'none' }),
      state(),
      context,
    ),
  ).toEqual({ failure: 'no_route' });
  expect(
    planOperation(command({ arr_action: 'unmonitor_only' }), state({ holders: [] }), context),
  ).toEqual({ failure: 'no_route' });
  expect(planOperation(command({ allowed_arr_service_ids: [] }), state(), context)).toEqual({
    failure: 'target_conflict',
  });
});

test('a server-only version is deleted by its own media source, never by the movie id', () => {
  const second = { ...state().files[0]!, serverFileId: 'source-2' };
  expect(
    calls(
      planOperation(command(), state({ holders: [], otherLiveFiles: 1, files: [second] }), context),
    ),
  ).toEqual(['deleteFile']);
  expect(planOperation(command(), state({ holders: [], otherLiveFiles: 1 }), context)).toEqual({
    failure: 'target_conflict',
  });
});

test('series scopes: Sonarr deletes the series, or files plus unmonitoring; shared files fail', () => {
  const sonarr = radarr({
    serviceType: 'sonarr',
    arrId: 5,
    fileIds: [31, 32],
    episodeIds: [41, 42],
  });
  const series = state({ holders: [sonarr], episodeIds: [1, 2], seasonNumbers: [1], files: [] });
  const target = {
    media_type: 'series' as const,
    scope: 'series' as const,
    movie_version_id: null,
  };
  expect(calls(planOperation(command({}, target), series, context))).toEqual(['deleteSeries']);
  expect(
    calls(
      planOperation(command({}, { ...target, scope: 'season', season_id: 7 }), series, context),
    ),
  ).toEqual(['deleteEpisodeFiles', 'unmonitorSeasons']);
  expect(
    calls(planOperation(command({ arr_action: 'unmonitor' }, target), series, context)),
  ).toEqual(['deleteEpisodeFiles', 'unmonitorSeries', 'unmonitorSeasons']);
  const shared = state({
    holders: [sonarr],
    episodeIds: [1],
    files: [{ ...state().files[0]!, episodeIds: [1, 2] }],
  });
  expect(
    planOperation(command({}, { ...target, scope: 'episode', episode_id: 1 }), shared, context),
  ).toEqual({ failure: 'shared_episode_file' });
});

test('a move needs a path mapping of the main server or of all services', () => {
  expect(planOperation(command({ kind: 'move' }), state(), context)).toEqual({
    failure: 'path_unmapped',
  });
  const otherService = { service_config_id: 4, remote_prefix: '/media', local_prefix: '/mnt' };
  const withOther = { ...context, move: { ...context.move, mappings: [otherService] } };
  expect(planOperation(command({ kind: 'move' }), state(), withOther)).toEqual({
    failure: 'path_unmapped',
  });
  const noDestination = {
    ...context.move,
    movies: null,
    mappings: [{ ...otherService, service_config_id: 9 }],
  };
  expect(
    planOperation(command({ kind: 'move' }), state(), { ...context, move: noDestination }),
  ).toEqual({
    failure: 'move_failed',
  });
});

const mapped = {
  ...context,
  move: {
    ...context.move,
    mappings: [
      { service_config_id: null, remote_prefix: '/media', local_prefix: '/mnt/all' },
      { service_config_id: 9, remote_prefix: '/media/movies/', local_prefix: '/mnt/movies' },
    ],
  },
};

test('a move of the last version: files first, then Radarr forgets the movie without files, then the server refreshes', () => {
  const plan = planOperation(command({ kind: 'move' }), state(), mapped) as Plan;
  expect(plan.steps).toEqual([
    {
      system: 'fs',
      call: 'moveFiles',
      files: [
        { source: '/mnt/movies/Movie/Movie.mkv', destination: '/archive/movies/Movie/Movie.mkv' },
      ],
      folders: ['/mnt/movies/Movie'],
    },
    {
      system: 'radarr',
      serviceId: 3,
      call: 'deleteMovie',
      movieId: 77,
      exclusion: true,
      deleteFiles: false,
    },
    {
      system: 'server',
      serviceId: 9,
      call: 'refreshPaths',
      libraryIds: ['lib-1'],
      paths: ['/media/movies/Movie/Movie.mkv'],
    },
  ]);
  expect(plan.checks.map((c) => c.check)).toEqual(['moved', 'movieGone']);
  expect(plan).toMatchObject({
    route: { service_type: 'radarr', arr_action: 'delete', import_exclusion: true },
    removesFiles: true,
    removesItem: true,
  });
});

test('a move with unmonitor unmonitors and rescans; a season move unmonitors the season in Sonarr', () => {
  const unmonitor = planOperation(
    command({ kind: 'move', arr_action: 'unmonitor' }),
    state(),
    mapped,
  );
  expect(calls(unmonitor)).toEqual(['moveFiles', 'unmonitorMovie', 'rescanMovie', 'refreshPaths']);
  const sonarr = radarr({ serviceType: 'sonarr', arrId: 5, fileIds: [61], episodeIds: [71] });
  const episode = {
    ...state().files[0]!,
    path: '/media/tv/Show (2001)/Season 02/Show - S02E01.mkv',
    episodeIds: [1],
  };
  const season = planOperation(
    command(
      { kind: 'move' },
      { scope: 'season', media_type: 'series', season_id: 3, movie_version_id: null },
    ),
    state({ holders: [sonarr], files: [episode], episodeIds: [1], seasonNumbers: [2] }),
    mapped,
  ) as Plan;
  expect(calls(season)).toEqual(['moveFiles', 'unmonitorSeasons', 'rescanSeries', 'refreshPaths']);
  expect(season.steps[0]).toMatchObject({
    files: [
      {
        source: '/mnt/all/tv/Show (2001)/Season 02/Show - S02E01.mkv',
        destination: '/archive/tv/Show (2001)/Season 02/Show - S02E01.mkv',
      },
    ],
    folders: ['/mnt/all/tv/Show (2001)/Season 02', '/mnt/all/tv/Show (2001)'],
  });
  expect(season.removesItem).toBe(false);
});
