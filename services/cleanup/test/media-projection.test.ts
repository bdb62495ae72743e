import type { MessageName, MessagePayload } from '@mcs/contracts';
import { waitFor } from '@mcs/kit/testing';
import {
  ADMIN,
  type ProtectedPage,
  type ProtectionCreated,
  type ProtectionPage,
} from './support/api';
import { file, movieFacts, nextId, seriesFacts, seriesParts } from './support/facts';
import {
  episodeTarget,
  movieTarget,
  newCandidate,
  newProtection,
  seasonTarget,
  versionTarget,
} from './support/factories';
import { useWorld } from './support/world';

/** Catalog's media.* events reach the projection through the broker (domain.md 1.10-1.11). */
const world = useWorld();

async function publish<K extends MessageName>(
  name: K,
  payload: MessagePayload<K>,
  occurredAt?: Date,
) {
  const before = await world.service.db.inboxMessage.count();
  await world.service.runtime.publisher.publish(name, payload, occurredAt && { occurredAt });
  await waitFor(async () => (await world.service.db.inboxMessage.count()) > before, {
    what: `${name} applied`,
  });
}

const upsert = (...items: MessagePayload<'media.items_upserted'>['items']) =>
  publish('media.items_upserted', { items });
const upsertParts = (...items: MessagePayload<'media.series_parts_upserted'>['items']) =>
  publish('media.series_parts_upserted', { items });
const exists = async (candidateId: number) =>
  (await world.api('GET', `/api/v1/candidates/${candidateId}`)).status === 200;
const protectionStatus = async (id: number) =>
  (await world.api('GET', `/api/v1/protections/${id}`)).status;

test('upserted facts replace the item and its files; older facts change nothing', async () => {
  const facts = movieFacts({ title: 'Alien', versions: 2, asOf: '2026-03-01T00:00:00.000Z' });
  await upsert(facts);
  await upsert({ ...facts, title: 'Alien (old)', as_of: '2026-02-01T00:00:00.000Z' });
  await upsert({
    ...facts,
    title: "Alien (Director's Cut)",
    as_of: '2026-03-02T00:00:00.000Z',
    versions: facts.versions.slice(1),
  });
  const item = await world.service.db.mediaItem.findFirst({
    where: { mediaId: BigInt(facts.media_id) },
  });
  expect(item?.title).toBe("Alien (Director's Cut)");
  const versions = await world.service.db.movieVersion.findMany({
    where: { movieId: BigInt(facts.media_id) },
  });
  expect(versions.map((v) => Number(v.id))).toEqual([facts.versions[1]?.version_id]);
});

test('DM#4: a replaced file removes its version protection (one protection.removed, actor system) and its candidate', async () => {
  const movie = movieFacts({ versions: 2 });
  await upsert(movie);
  const candidate = await newCandidate(world.service.db, versionTarget(movie, 0));
  const versionProtection = await newProtection(world.service.db, versionTarget(movie, 0));
  const wholeMovie = await newProtection(world.service.db, movieTarget(movie));
  await publish('media.version_removed', {
    movie_id: movie.media_id,
    version_id: movie.versions[0]?.version_id ?? 0,
    cause: 'replaced',
    replaced_by_version_id: 99_001,
  });
  expect(await exists(candidate)).toBe(false);
  expect(await protectionStatus(versionProtection)).toBe(404);
  expect(await protectionStatus(wholeMovie)).toBe(200);
  const removed = await waitFor(() => {
    const found = world.broker.messages.filter(
      (m) => m.payload.payload.protection?.id === versionProtection,
    );
    return found.length > 0 && found;
  });
  expect(removed).toHaveLength(1);
  expect(removed[0]?.payload).toMatchObject({
    type: 'protection.removed',
    actor: { type: 'system', id: null },
  });
  // The candidate went without a lifecycle event.
  expect(await world.recorded(candidate)).toEqual([]);
});

test('DM#3: a rename (same version id, new file name) keeps the version protection', async () => {
  const movie = movieFacts();
  await upsert(movie);
  const id = await newProtection(world.service.db, versionTarget(movie));
  const renamed = {
    ...movie,
    as_of: new Date(Date.now() + 1000).toISOString(),
    versions: movie.versions.map((v) => ({ ...v, file_name: 'renamed.mkv' })),
  };
  await upsert(renamed);
  const entries = await world.api<ProtectedPage>(
    'GET',
    `/api/protected?media_id=${movie.media_id}`,
    {
      principal: ADMIN,
    },
  );
  expect(entries.body.items).toEqual([
    expect.objectContaining({ id, version_file_name: 'renamed.mkv' }),
  ]);
});

test('a soft-removed movie loses its candidates; its protections hide until it is restored', async () => {
  const movie = movieFacts();
  await upsert(movie);
  const candidate = await newCandidate(world.service.db, versionTarget(movie));
  const protection = await newProtection(world.service.db, movieTarget(movie));
  const listed = async () =>
    (await world.api<ProtectionPage>('GET', `/api/v1/protections?media_id=${movie.media_id}`)).body
      .total;
  await publish(
    'media.removed',
    { media_type: 'movie', media_id: movie.media_id, removed_at: new Date().toISOString() },
    new Date(Date.now() - 1000),
  );
  expect(await exists(candidate)).toBe(false);
  expect(await listed()).toBe(0);
  expect(await protectionStatus(protection)).toBe(200);
  // A restore older than the removal (reordered delivery) changes nothing; a newer one restores.
  await publish(
    'media.restored',
    { media_type: 'movie', media_id: movie.media_id },
    new Date(Date.now() - 5000),
  );
  expect(await listed()).toBe(0);
  await publish('media.restored', { media_type: 'movie', media_id: movie.media_id });
  expect(await listed()).toBe(1);
});

test('an episode whose file left loses its candidate but keeps its protection; a replaced file keeps both', async () => {
  const series = seriesFacts({ episodes: [2] });
  await upsert(series);
  const [left, replaced] = [0, 1].map((i) => series.episodes[i]);
  const leftCandidate = await newCandidate(world.service.db, episodeTarget(series, 0));
  const replacedCandidate = await newCandidate(world.service.db, episodeTarget(series, 1));
  const protection = await newProtection(world.service.db, episodeTarget(series, 0));
  const seasonCandidate = await newCandidate(world.service.db, seasonTarget(series));
  const removed = (episode: typeof left, replacement: number | null) =>
    publish('media.episode_file_removed', {
      series_id: series.media_id,
      episode_file_id: episode?.episode_file_id ?? 0,
      episode_ids: [episode?.episode_id ?? 0],
      cause: replacement ? 'replaced' : 'left_library',
      replaced_by_file_id: replacement,
    });
  await removed(left, null);
  await removed(replaced, 99_002);
  expect(await exists(leftCandidate)).toBe(false);
  expect(await exists(replacedCandidate)).toBe(true);
  expect(await exists(seasonCandidate)).toBe(true);
  expect(await protectionStatus(protection)).toBe(200);
});

test('changed links are published for catalog: candidate ids and protections with expiry', async () => {
  const movie = movieFacts();
  await upsert(movie);
  const candidate = await newCandidate(world.service.db, versionTarget(movie));
  const expiresAt = new Date(Date.now() + 86_400_000);
  const created = await world.api<ProtectionCreated>('POST', '/api/v1/protections', {
    body: { media_type: 'movie', media_id: movie.media_id, expires_at: expiresAt.toISOString() },
  });
  const links = await waitFor(() =>
    world.links.messages.find((m) => m.payload.items[0]?.media_id === movie.media_id),
  );
  expect(links.payload.items).toEqual([
    {
      media_type: 'movie',
      media_id: movie.media_id,
      as_of: world.clock.now().toISOString(),
      candidate_ids: [candidate],
      protections: [{ id: created.body.protection.id, expires_at: expiresAt.toISOString() }],
    },
  ]);
});

describe('series parts (media.series_parts_upserted)', () => {
  const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 0, minute)).toISOString();
  const rowsOf = async (seriesId: number) => {
    const where = { seriesId: BigInt(seriesId) };
    const { db } = world.service;
    const order = { orderBy: { id: 'asc' as const } };
    return {
      item: await db.mediaItem.findFirst({
        where: { mediaType: 'series', mediaId: where.seriesId },
      }),
      seasons: await db.season.findMany({ where, ...order }),
      episodes: await db.episode.findMany({ where, ...order }),
      files: await db.episodeFile.findMany({ where, ...order }),
    };
  };

  test('parts replace the root, upsert the listed children and keep the others', async () => {
    const series = seriesFacts({ episodes: [2, 1], asOf: at(0) });
    await upsert(series);
    const [replaced, kept] = series.episodes;
    if (!replaced || !kept) throw new Error('factory');
    const episode = { ...replaced, episode_file_id: nextId() };
    const newFile = {
      episode_file_id: episode.episode_file_id,
      episode_ids: [episode.episode_id],
      ...file('s1e1 - v2.mkv', 2_000_000_000, '/media/tv'),
    };
    const season = { ...(series.seasons[0] as (typeof series.seasons)[number]), title: 'One' };
    await upsertParts(
      seriesParts(
        series,
        at(10),
        { seasons: [season], episodes: [episode], episode_files: [newFile] },
        { title: 'Renamed series' },
      ),
    );
    const rows = await rowsOf(series.media_id);
    expect(rows.item).toMatchObject({ title: 'Renamed series', asOf: new Date(at(10)) });
    expect(rows.item?.facts).toMatchObject({ title: 'Renamed series', media_type: 'series' });
    expect(rows.item?.facts).not.toHaveProperty('episodes');
    expect(rows.seasons.map((s) => (s.facts as { title: string | null }).title)).toEqual([
      'One',
      null,
    ]);
    expect(rows.episodes.map((e) => [Number(e.id), Number(e.episodeFileId)])).toEqual([
      [replaced.episode_id, episode.episode_file_id],
      [kept.episode_id, kept.episode_file_id],
      [series.episodes[2]?.episode_id, series.episodes[2]?.episode_file_id],
    ]);
    // Nothing is dropped: the old file leaves through media.episode_file_removed.
    expect(rows.files.map((f) => Number(f.id))).toEqual(
      [...series.episode_files.map((f) => f.episode_file_id), newFile.episode_file_id].sort(
        (a, b) => a - b,
      ),
    );
  });

  test('a redelivered or older part changes nothing; newer full facts replace everything', async () => {
    const series = seriesFacts({ episodes: [2], asOf: at(0) });
    await upsert(series);
    const [first, second] = series.episodes;
    if (!first || !second) throw new Error('factory');
    await upsertParts(seriesParts(series, at(10), {}, { title: 'At ten' }));
    const retitled = (title: string) => [{ ...second, title }];
    await upsertParts(
      seriesParts(series, at(10), { episodes: retitled('again') }, { title: 'Again' }),
    );
    await upsertParts(
      seriesParts(series, at(5), { episodes: retitled('older') }, { title: 'Old' }),
    );
    let rows = await rowsOf(series.media_id);
    expect(rows.item).toMatchObject({ title: 'At ten', asOf: new Date(at(10)) });
    expect(rows.episodes.map((e) => (e.facts as { title: string | null }).title)).toEqual([
      null,
      null,
    ]);
    // Full facts older than the parts are dropped too; newer ones replace every child.
    await upsert({ ...series, title: 'Full, older', as_of: at(8) });
    await upsert({
      ...series,
      title: 'Full',
      as_of: at(20),
      episodes: [first],
      episode_files: series.episode_files.slice(0, 1),
    });
    rows = await rowsOf(series.media_id);
    expect(rows.item).toMatchObject({ title: 'Full', asOf: new Date(at(20)) });
    expect(rows.episodes.map((e) => Number(e.id))).toEqual([first.episode_id]);
    expect(rows.files.map((f) => Number(f.id))).toEqual([first.episode_file_id]);
  });

  test('parts of a series the projection does not hold are ignored', async () => {
    const series = seriesFacts();
    const { seasons, episodes, episode_files } = series;
    await upsertParts(seriesParts(series, at(30), { seasons, episodes, episode_files }));
    const rows = await rowsOf(series.media_id);
    expect(rows.item).toBeNull();
    expect([rows.seasons, rows.episodes, rows.files]).toEqual([[], [], []]);
  });
});
