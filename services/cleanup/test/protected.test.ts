import { DAY } from '@mcs/kit/testing';
import { ADMIN, type ProtectedEntry, type ProtectedPage, USER } from './support/api';
import {
  movieTarget,
  newMovie,
  newProtection,
  newSeries,
  seasonTarget,
  seriesTarget,
  versionTarget,
} from './support/factories';
import { useWorld } from './support/world';

/** Internal protected entries (internal-api.md 9.3, domain.md 7.3 and 7.6). */
const world = useWorld();

const post = (body: unknown) =>
  world.api<{ entry: ProtectedEntry; created: boolean }>('POST', '/api/protected', {
    body,
    principal: ADMIN,
  });
const inDays = (days: number) => new Date(world.clock.now().getTime() + days * DAY);

describe('GET /api/protected lists only protections in force', () => {
  test('DM#35 / IA#22: an expired entry leaves items and total at once; soft-removed roots too', async () => {
    const db = world.service.db;
    const movie = await newMovie(db);
    const gone = await newMovie(db);
    const permanent = await newProtection(db, movieTarget(movie));
    await newProtection(db, versionTarget(movie), { expiresAt: inDays(1) });
    await newProtection(db, movieTarget(gone));
    await db.mediaItem.updateMany({
      where: { mediaId: BigInt(gone.media_id) },
      data: { removedAt: new Date() },
    });
    const list = async () =>
      (
        await world.api<ProtectedPage>(
          'GET',
          `/api/protected?media_type=movie&search=movie ${movie.media_id}`,
          {
            principal: USER,
          },
        )
      ).body;
    expect((await list()).total).toBe(2);
    world.clock.advance(DAY);
    expect(await list()).toMatchObject({ total: 1, items: [{ id: permanent }] });
    world.clock.set(new Date());
  });

  test('version entries carry the file facts; rule entries carry their rule', async () => {
    const db = world.service.db;
    const movie = await newMovie(db);
    await newProtection(db, versionTarget(movie));
    await newProtection(db, movieTarget(movie), { source: 'rule' });
    const { items } = (
      await world.api<ProtectedPage>('GET', `/api/protected?media_id=${movie.media_id}`, {
        principal: USER,
      })
    ).body;
    const version = items.find((e) => e.scope === 'version');
    const rule = items.find((e) => e.source === 'rule');
    expect(version).toMatchObject({
      source_rule_id: null,
      source_rule_name: null,
      created_by: { type: 'user', id: 1, name: null },
      request_id: null,
      version_file_name: `movie-${movie.media_id}-0.mkv`,
      version_resolution: '1080p',
      version_size: 20_000_000_000,
      version_video_codec: 'hevc',
      version_hdr: false,
      version_dolby_vision: false,
    });
    expect(rule).toMatchObject({
      source_rule_id: 9,
      source_rule_name: 'Keep favourites',
      version_file_name: null,
    });
  });

  test('an API token is not a user of the internal routes (403)', async () => {
    expect((await world.api('GET', '/api/protected')).body).toMatchObject({
      status: 403,
      code: 'forbidden',
    });
  });
});

describe('POST /api/protected', () => {
  test('creates a manual protection (201); the same target again widens it (200)', async () => {
    const movie = await newMovie(world.service.db);
    const first = await post({
      media_type: 'movie',
      media_id: movie.media_id,
      duration_days: 3,
      reason: 'Rewatch',
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      created: true,
      entry: { source: 'manual', permanent: false, reason: 'Rewatch' },
    });
    const again = await post({ media_type: 'movie', media_id: movie.media_id });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      created: false,
      entry: { id: first.body.entry.id, permanent: true },
    });
  });

  test('DM#36 / IA#23: narrower under a covering manual or api protection → 409 naming it', async () => {
    const db = world.service.db;
    const movie = await newMovie(db);
    const series = await newSeries(db, { episodes: [2] });
    const moviePid = await newProtection(db, movieTarget(movie), { source: 'api' });
    const version = await post({
      media_type: 'movie',
      media_id: movie.media_id,
      movie_version_id: movie.versions[0]?.version_id,
    });
    expect(version.body).toMatchObject({ status: 409, code: 'covered_by_existing_protection' });
    expect(version.body.detail).toContain(String(moviePid));
    await newProtection(db, seriesTarget(series));
    const season = await post({
      media_type: 'series',
      media_id: series.media_id,
      season_id: series.seasons[0]?.season_id,
    });
    expect(season.body.code).toBe('covered_by_existing_protection');
  });

  test('an episode under its season is refused too; a broader one over narrower ones is created', async () => {
    const db = world.service.db;
    const series = await newSeries(db, { episodes: [2] });
    await newProtection(db, seasonTarget(series));
    const episode = await post({
      media_type: 'series',
      media_id: series.media_id,
      episode_id: series.episodes[0]?.episode_id,
    });
    expect(episode.body.code).toBe('covered_by_existing_protection');
    const whole = await post({ media_type: 'series', media_id: series.media_id });
    expect(whole.status).toBe(201);
  });

  test('a target covered only by a rule-managed protection is accepted', async () => {
    const movie = await newMovie(world.service.db);
    await newProtection(world.service.db, movieTarget(movie), { source: 'rule' });
    const response = await post({
      media_type: 'movie',
      media_id: movie.media_id,
      movie_version_id: movie.versions[0]?.version_id,
    });
    expect(response.status).toBe(201);
  });

  test('only administrators create; expires_at and duration_days together → 422', async () => {
    const movie = await newMovie(world.service.db);
    const asUser = await world.api('POST', '/api/protected', {
      body: { media_type: 'movie', media_id: movie.media_id },
      principal: USER,
    });
    expect(asUser.body).toMatchObject({ status: 403, code: 'forbidden' });
    const both = await post({
      media_type: 'movie',
      media_id: movie.media_id,
      duration_days: 2,
      expires_at: inDays(3).toISOString(),
    });
    expect(both.body.code).toBe('validation_failed');
  });
});

describe('duration and delete', () => {
  test('PUT duration sets exactly the given duration from now, even shorter; no event', async () => {
    const movie = await newMovie(world.service.db);
    const id = await newProtection(world.service.db, movieTarget(movie));
    const put = (body: unknown) =>
      world.api<ProtectedEntry>('PUT', `/api/protected/${id}/duration`, { body, principal: ADMIN });
    expect((await put({ duration_days: 2 })).body).toMatchObject({
      permanent: false,
      expires_at: inDays(2).toISOString(),
    });
    expect((await put({ expires_at: inDays(1).toISOString() })).body.expires_at).toBe(
      inDays(1).toISOString(),
    );
    expect((await put({ permanent: true })).body).toMatchObject({
      permanent: true,
      expires_at: null,
    });
    expect((await put({})).body.code).toBe('validation_failed');
    expect((await put({ duration_days: 0 })).body.code).toBe('validation_failed');
  });

  test('DM#40 / IA#25: duration change and delete of a rule entry → 409; a manual one deletes', async () => {
    const movie = await newMovie(world.service.db);
    const rule = await newProtection(world.service.db, movieTarget(movie), { source: 'rule' });
    const manual = await newProtection(world.service.db, versionTarget(movie));
    const duration = await world.api('PUT', `/api/protected/${rule}/duration`, {
      body: { duration_days: 1 },
      principal: ADMIN,
    });
    expect(duration.body).toMatchObject({ status: 409, code: 'rule_managed_protection' });
    expect((await world.api('DELETE', `/api/protected/${rule}`, { principal: ADMIN })).status).toBe(
      409,
    );
    const deleted = await world.api('DELETE', `/api/protected/${manual}`, { principal: ADMIN });
    expect(deleted.body).toMatchObject({
      id: manual,
      version_file_name: `movie-${movie.media_id}-0.mkv`,
    });
    expect(
      (await world.api('DELETE', `/api/protected/${manual}`, { principal: ADMIN })).status,
    ).toBe(404);
  });
});
