import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { rename as fsRename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { deleteCommand, finishedOperation } from '../support/operations';
import { useWorld } from '../support/world';

/**
 * Moves end to end (domain.md 6.6, 6.7 "Move"): the simulator's paths mapped onto a temporary
 * tree, files renamed or copied across "filesystems" (a rename that fails with EXDEV), the Arr
 * and media-server steps at the simulator, and the outcome cleanup turns into candidate.moved.
 */
const root = mkdtempSync(join(tmpdir(), 'mcs-move-'));
const archive = join(root, 'archive');
let acrossFilesystems = false;
let crossings = 0;

const world = useWorld({
  sim: { movies: 16, series: 2, seasonsPerSeries: 1, episodesPerSeason: 2 },
  rename: (from, to) => {
    if (acrossFilesystems && !from.startsWith(`${archive}/`)) {
      crossings += 1;
      const error = Object.assign(new Error('EXDEV: cross-device link not permitted'), {
        code: 'EXDEV',
      });
      return Promise.reject(error);
    }
    return fsRename(from, to);
  },
});

const local = (path: string) => join(root, path);
const moved = (path: string, kind = 'movies') => join(archive, kind, ...path.split('/').slice(-2));
let used = 0;

/** A Radarr movie of the simulator whose live version gets a real file (and sidecars). */
async function movieOnDisk(sidecars: string[] = []) {
  const index = [...Array(16).keys()].filter(
    (i) => world.sim.library.movie(i).inRadarr && world.sim.library.movie(i).onServer,
  )[used++] as number;
  const movie = await world.service.db.movie.findFirstOrThrow({
    where: { tmdbId: world.sim.library.movie(index).tmdbId },
  });
  const [version] = await world.service.db.movieVersion.findMany({
    where: { movieId: movie.id, removedAt: null },
  });
  if (!version) throw new Error(`movie ${index} has no version`);
  const source = local(version.path);
  mkdirSync(dirname(source), { recursive: true });
  writeFileSync(source, `the film of movie ${index}`);
  const base = source.replace(/\.mkv$/, '');
  for (const suffix of sidecars) writeFileSync(`${base}${suffix}`, `sidecar ${suffix}`);
  return { index, movie, version, source, base, destination: moved(version.path) };
}

const moveCommand = (mediaId: number, arrAction: 'delete' | 'unmonitor' = 'delete') =>
  deleteCommand({ media_id: mediaId }, { kind: 'move', arr_action: arrAction });

async function run(command: ReturnType<typeof moveCommand>) {
  await world.broker.send('catalog.file_operation.execute', command);
  return finishedOperation(world, command.operation_id);
}

beforeAll(async () => {
  await world.configure(['radarr', 'sonarr']);
  expect((await world.runTask('sync_media')).status).toBe('completed');
  await world.changeSettings({
    path_mappings: [
      { service_config_id: null, remote_prefix: '/media', local_prefix: local('/media') },
    ],
    move_destination_movies: join(archive, 'movies'),
    move_destination_series: join(archive, 'tv'),
  });
});
afterAll(() => rm(root, { recursive: true, force: true }));

test('on one filesystem the file and its sidecars are renamed, Radarr forgets the movie without files and Jellyfin hears of it', async () => {
  const film = await movieOnDisk(['.en.srt', '.nfo', '-poster.jpg']);
  writeFileSync(join(dirname(film.source), 'unrelated.txt'), 'stays');
  world.sim.deletions.clear();
  const mark = await world.outboxMark();
  const command = moveCommand(Number(film.movie.id));
  expect(await run(command)).toMatchObject({ status: 'succeeded', failureReason: null });
  expect(readFileSync(film.destination, 'utf8')).toBe(`the film of movie ${film.index}`);
  expect(readdirSync(dirname(film.destination)).sort()).toEqual(
    [film.destination, `${film.base}.en.srt`, `${film.base}.nfo`, `${film.base}-poster.jpg`]
      .map((path) => path.split('/').pop())
      .sort(),
  );
  expect(existsSync(film.source)).toBe(false);
  // The folder still holds a file that is not the movie's: it stays, with that file.
  expect(readdirSync(dirname(film.source))).toEqual(['unrelated.txt']);
  const radarr = world.sim.deletions.list('radarr');
  expect(radarr).toHaveLength(1);
  expect(radarr[0]?.query).toMatchObject({ deleteFiles: 'false', addImportExclusion: 'true' });
  const jellyfin = world.sim.deletions.writes('jellyfin');
  expect(jellyfin.map((w) => `${w.method} ${w.path}`)).toEqual(['POST /Library/Media/Updated']);
  expect(jellyfin[0]?.body).toEqual({
    Updates: [{ Path: film.version.path, UpdateType: 'Deleted' }],
  });
  const [completed] = await world.outbox('media.file_operation_completed', mark);
  expect(completed).toMatchObject({
    kind: 'move',
    outcome: 'succeeded',
    verified: true,
    bytes_freed: 0,
    route: { service_type: 'radarr', arr_action: 'delete', import_exclusion: true },
  });
  expect(completed?.attempt_log.map((a) => a.call)).toEqual(
    expect.arrayContaining(['fs move files', 'verify fs moved']),
  );
  expect(JSON.stringify(completed)).not.toContain(root);
  const version = await world.service.db.movieVersion.findUniqueOrThrow({
    where: { id: film.version.id },
  });
  expect(version.removalCause).toBe('moved_by_service');
  // The webhooks service alone reads the paths, for {path}, {local_path}, {destination_path}.
  const paths = await world.api('GET', `/api/file-operations/${command.operation_id}/paths`, {
    principal: { type: 'system' },
    signer: 'webhooks',
  });
  expect(paths.body).toEqual({
    path: film.version.path,
    local_path: film.source,
    destination_path: film.destination,
  });
});

test('across filesystems the file is copied beside the destination, checked, renamed into place, and the source folder goes', async () => {
  acrossFilesystems = true;
  try {
    const film = await movieOnDisk(['.en.srt']);
    world.sim.deletions.clear();
    const command = moveCommand(Number(film.movie.id), 'unmonitor');
    expect(await run(command)).toMatchObject({ status: 'succeeded' });
    // The film and its sidecar each found rename refused and were copied.
    expect(crossings).toBe(2);
    expect(readFileSync(film.destination, 'utf8')).toBe(`the film of movie ${film.index}`);
    expect(readFileSync(`${moved(film.version.path).replace(/\.mkv$/, '')}.en.srt`, 'utf8')).toBe(
      'sidecar .en.srt',
    );
    // No temporary copy is left, and the emptied movie folder is gone.
    expect(readdirSync(dirname(film.destination)).some((name) => name.endsWith('.part'))).toBe(
      false,
    );
    expect(existsSync(dirname(film.source))).toBe(false);
    const radarr = world.sim.deletions.writes('radarr').map((w) => `${w.method} ${w.path}`);
    expect(radarr).toEqual(['PUT /api/v3/movie/editor', 'POST /api/v3/command']);
    expect(world.sim.deletions.writes('radarr')[1]?.body).toMatchObject({ name: 'RefreshMovie' });
  } finally {
    acrossFilesystems = false;
  }
});

test('a series moves with its season folder; Sonarr forgets it without files and the emptied folders go', async () => {
  const index = [0, 1].find((i) => world.sim.library.series(i).inSonarr) as number;
  const series = await world.service.db.series.findFirstOrThrow({
    where: { tvdbId: String(world.sim.library.series(index).tvdbId) },
  });
  const files = await world.service.db.episodeFile.findMany({
    where: { removedAt: null, seriesId: series.id },
  });
  expect(files.length).toBeGreaterThan(0);
  for (const file of files) {
    mkdirSync(dirname(local(file.path)), { recursive: true });
    writeFileSync(local(file.path), `episode ${file.id}`);
  }
  world.sim.deletions.clear();
  const command = deleteCommand(
    { scope: 'series', media_type: 'series', media_id: Number(series.id) },
    { kind: 'move', arr_action: 'delete' },
  );
  expect(await run(command)).toMatchObject({ status: 'succeeded' });
  for (const file of files) {
    const [show, season, name] = file.path.split('/').slice(-3) as [string, string, string];
    expect(readFileSync(join(archive, 'tv', show, season, name), 'utf8')).toBe(
      `episode ${file.id}`,
    );
  }
  const showFolder = dirname(dirname(local(files[0]?.path ?? '')));
  expect(existsSync(showFolder)).toBe(false);
  expect(existsSync(local('/media/tv'))).toBe(true);
  const sonarr = world.sim.deletions.list('sonarr');
  expect(sonarr).toHaveLength(1);
  expect(sonarr[0]?.query).toMatchObject({ deleteFiles: 'false', addImportListExclusion: 'true' });
  expect(
    (await world.service.db.series.findUniqueOrThrow({ where: { id: series.id } })).removedAt,
  ).not.toBeNull();
});

test('a destination holding the same bytes, or a file moved by an earlier attempt, counts as moved; a different file there is a conflict and nothing is touched', async () => {
  const same = await movieOnDisk();
  mkdirSync(dirname(same.destination), { recursive: true });
  writeFileSync(same.destination, `the film of movie ${same.index}`);
  expect(await run(moveCommand(Number(same.movie.id)))).toMatchObject({ status: 'succeeded' });
  expect(existsSync(same.source)).toBe(false);
  expect(readFileSync(same.destination, 'utf8')).toBe(`the film of movie ${same.index}`);

  // Moved before (an attempt that stopped after its rename): nothing left to do but the rest.
  const earlier = await movieOnDisk();
  mkdirSync(dirname(earlier.destination), { recursive: true });
  await fsRename(earlier.source, earlier.destination);
  expect(await run(moveCommand(Number(earlier.movie.id)))).toMatchObject({ status: 'succeeded' });
  expect(readFileSync(earlier.destination, 'utf8')).toBe(`the film of movie ${earlier.index}`);

  const other = await movieOnDisk();
  mkdirSync(dirname(other.destination), { recursive: true });
  writeFileSync(other.destination, 'another film');
  world.sim.deletions.clear();
  expect(await run(moveCommand(Number(other.movie.id)))).toMatchObject({
    status: 'failed',
    failureReason: 'destination_conflict',
  });
  expect(readFileSync(other.source, 'utf8')).toBe(`the film of movie ${other.index}`);
  expect(readFileSync(other.destination, 'utf8')).toBe('another film');
  expect(world.sim.deletions.writes()).toEqual([]);
  const live = await world.service.db.movieVersion.findUniqueOrThrow({
    where: { id: other.version.id },
  });
  expect(live.removedAt).toBeNull();
});

test('a file missing on disk fails as source_missing, a path no mapping covers as path_unmapped', async () => {
  const film = await movieOnDisk();
  await rm(film.source);
  expect(await run(moveCommand(Number(film.movie.id)))).toMatchObject({
    status: 'failed',
    failureReason: 'source_missing',
  });
  await world.changeSettings({
    path_mappings: [{ service_config_id: null, remote_prefix: '/elsewhere', local_prefix: root }],
  });
  const unmapped = await movieOnDisk();
  world.sim.deletions.clear();
  expect(await run(moveCommand(Number(unmapped.movie.id)))).toMatchObject({
    status: 'failed',
    failureReason: 'path_unmapped',
  });
  expect(existsSync(unmapped.source)).toBe(true);
  expect(world.sim.deletions.writes()).toEqual([]);
});
