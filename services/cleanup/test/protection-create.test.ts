import { DAY } from '@mcs/kit/testing';
import {
  movieTarget,
  newFileOperation,
  newMovie,
  newProtection,
  newSeries,
  versionTarget,
} from './support/factories';
import { protectionCalls } from './support/calls';
import { useWorld } from './support/world';

/** Creating protections through the external API (external-api.md 2.7, EA#35-40). */
const world = useWorld();

const { create, get, ids, inDays } = protectionCalls(world);
const recordedFor = (id: number) => world.recordedProtection(id);

describe('create or reuse (external-api.md 2.7)', () => {
  test('EA#37: temporary, then the same without expires_at → same id, permanent, one event', async () => {
    const movie = await newMovie(world.service.db, { title: 'Fight Club' });
    const first = await create({
      media_type: 'movie',
      tmdb_id: movie.tmdb_id,
      reason: "Director's cut",
      expires_at: inDays(1),
    });
    const id = first.body.protection.id;
    expect(first.body).toEqual({
      created: true,
      protection: {
        id,
        media_type: 'movie',
        scope: 'movie',
        media_id: movie.media_id,
        movie_version_id: null,
        series_id: null,
        season_id: null,
        season_number: null,
        episode_id: null,
        episode_number: null,
        title: 'Fight Club',
        year: 1999,
        tmdb_id: movie.tmdb_id,
        source: 'api',
        reason: "Director's cut",
        permanent: false,
        expires_at: inDays(1),
        active: true,
        created_at: world.clock.now().toISOString(),
        updated_at: world.clock.now().toISOString(),
      },
    });
    const again = await create({ media_type: 'movie', media_id: movie.media_id });
    expect(again.body).toMatchObject({
      created: false,
      protection: { id, permanent: true, expires_at: null, reason: "Director's cut" },
    });
    expect(await recordedFor(id)).toEqual(['protection.created']);
  });

  test('EA#38: an earlier expiry never shortens; a later one moves it', async () => {
    const movie = await newMovie(world.service.db);
    const first = await create({
      media_type: 'movie',
      media_id: movie.media_id,
      expires_at: inDays(5),
    });
    world.clock.advance(1000);
    const earlier = await create({
      media_type: 'movie',
      media_id: movie.media_id,
      expires_at: inDays(2),
    });
    expect(earlier.body.protection).toEqual(first.body.protection); // unchanged, updated_at too
    const later = await create({
      media_type: 'movie',
      media_id: movie.media_id,
      expires_at: inDays(9),
    });
    expect(later.body.protection).toMatchObject({
      expires_at: inDays(9),
      updated_at: world.clock.now().toISOString(),
    });
  });

  test('EA#39: a version under an active whole-movie protection returns the movie protection', async () => {
    const movie = await newMovie(world.service.db, { versions: 2 });
    const whole = await create({ media_type: 'movie', media_id: movie.media_id });
    const version = await create({
      media_type: 'movie',
      media_id: movie.media_id,
      movie_version_id: movie.versions[1]?.version_id,
    });
    expect(version.body).toMatchObject({
      created: false,
      protection: { id: whole.body.protection.id, scope: 'movie' },
    });
  });

  test('a season or episode under a series protection is covered the same way', async () => {
    const series = await newSeries(world.service.db, { episodes: [2] });
    const whole = await create({ media_type: 'series', media_id: series.media_id });
    const episode = await create({
      media_type: 'series',
      media_id: series.media_id,
      episode_id: series.episodes[1]?.episode_id,
    });
    expect(episode.body).toMatchObject({
      created: false,
      protection: { id: whole.body.protection.id },
    });
  });

  test('a broader protection over an existing narrower one is created, and both stay', async () => {
    const movie = await newMovie(world.service.db);
    const version = await create({
      media_type: 'movie',
      media_id: movie.media_id,
      movie_version_id: movie.versions[0]?.version_id,
    });
    const whole = await create({ media_type: 'movie', media_id: movie.media_id });
    expect(whole.body).toMatchObject({ created: true, protection: { scope: 'movie' } });
    expect((await get(version.body.protection.id)).status).toBe(200);
  });

  test('a target covered only by a rule-managed protection gets a new one', async () => {
    const movie = await newMovie(world.service.db);
    await newProtection(world.service.db, movieTarget(movie), { source: 'rule' });
    expect((await create({ media_type: 'movie', media_id: movie.media_id })).body.created).toBe(
      true,
    );
  });

  test('EA#40: an expired protection is not reused, and is listed only with active_only=false', async () => {
    const movie = await newMovie(world.service.db);
    const old = await create({
      media_type: 'movie',
      media_id: movie.media_id,
      expires_at: inDays(1),
    });
    world.clock.advance(2 * DAY);
    const fresh = await create({ media_type: 'movie', media_id: movie.media_id });
    expect(fresh.body.created).toBe(true);
    expect(await ids(`media_id=${movie.media_id}`)).toEqual([fresh.body.protection.id]);
    expect(await ids(`media_id=${movie.media_id}&active_only=false`)).toHaveLength(2);
    const expired = await get(old.body.protection.id);
    expect(expired.body).toMatchObject({
      active: false,
      expires_at: old.body.protection.expires_at,
    });
    world.clock.set(new Date());
  });
});

describe('validation and target resolution', () => {
  test('EA#35: both media_id and tmdb_id, or neither → 422 validation_failed', async () => {
    const movie = await newMovie(world.service.db);
    for (const body of [
      { media_type: 'movie', media_id: movie.media_id, tmdb_id: movie.tmdb_id },
      { media_type: 'movie' },
    ]) {
      expect((await create(body)).body).toMatchObject({ status: 422, code: 'validation_failed' });
    }
  });

  test('EA#36: version with a series → 422; a season of another series → target_mismatch; unknown tmdb → 404', async () => {
    const series = await newSeries(world.service.db);
    const other = await newSeries(world.service.db);
    expect(
      (await create({ media_type: 'series', tmdb_id: series.tmdb_id, movie_version_id: 1 })).body
        .code,
    ).toBe('validation_failed');
    expect(
      (
        await create({
          media_type: 'series',
          tmdb_id: series.tmdb_id,
          season_id: other.seasons[0]?.season_id,
        })
      ).body.code,
    ).toBe('target_mismatch');
    expect((await create({ media_type: 'series', tmdb_id: 99_999_999 })).body).toMatchObject({
      status: 404,
      code: 'not_found',
    });
  });

  test('an episode outside the given season, or a version of another movie → target_mismatch', async () => {
    const series = await newSeries(world.service.db, { episodes: [1, 1] });
    const wrongSeason = await create({
      media_type: 'series',
      media_id: series.media_id,
      season_id: series.seasons[0]?.season_id,
      episode_id: series.episodes[1]?.episode_id,
    });
    expect(wrongSeason.body.code).toBe('target_mismatch');
    const [a, b] = [await newMovie(world.service.db), await newMovie(world.service.db)];
    const wrongMovie = await create({
      media_type: 'movie',
      media_id: a.media_id,
      movie_version_id: b.versions[0]?.version_id,
    });
    expect(wrongMovie.body.code).toBe('target_mismatch');
  });

  test('an episode target takes its season from the episode', async () => {
    const series = await newSeries(world.service.db, { episodes: [1, 2] });
    const episode = series.episodes[2];
    const response = await create({
      media_type: 'series',
      media_id: series.media_id,
      episode_id: episode?.episode_id,
    });
    expect(response.body.protection).toMatchObject({
      scope: 'episode',
      series_id: series.media_id,
      season_id: episode?.season_id,
      season_number: 2,
      episode_number: 2,
    });
  });

  test('expires_at in the past → 422; a soft-removed root → 404', async () => {
    const movie = await newMovie(world.service.db);
    expect(
      (await create({ media_type: 'movie', media_id: movie.media_id, expires_at: inDays(-1) })).body
        .errors,
    ).toEqual([expect.objectContaining({ name: 'expires_at' })]);
    await world.service.db.mediaItem.updateMany({
      where: { mediaId: BigInt(movie.media_id) },
      data: { removedAt: new Date() },
    });
    expect((await create({ media_type: 'movie', media_id: movie.media_id })).status).toBe(404);
  });

  test('a pending delete of media inside the target → 409 file_operation_pending', async () => {
    const movie = await newMovie(world.service.db);
    await newFileOperation(world.service.db, versionTarget(movie), 'queued');
    expect((await create({ media_type: 'movie', media_id: movie.media_id })).body.code).toBe(
      'file_operation_pending',
    );
  });
});
