import type { Protection } from './support/api';
import { movieTarget, newMovie, newProtection, newSeries } from './support/factories';
import { protectionCalls } from './support/calls';
import { useWorld } from './support/world';

/** Listing, reading and deleting protections (external-api.md 2.7, EA#40-42). */
const world = useWorld();

const { create, get, ids } = protectionCalls(world);
const recordedFor = (id: number) => world.recordedProtection(id);

describe('list, get and delete', () => {
  test('filters by media_type, tmdb_id and source; soft-removed media are listed never, read by id', async () => {
    const db = world.service.db;
    const [movie, series] = [await newMovie(db), await newSeries(db)];
    const ruleId = await newProtection(db, movieTarget(movie), { source: 'rule' });
    const apiId = (await create({ media_type: 'series', media_id: series.media_id })).body
      .protection.id;
    expect(await ids(`tmdb_id=${movie.tmdb_id}`)).toEqual([ruleId]);
    expect(await ids(`media_type=series&media_id=${series.media_id}&source=api`)).toEqual([apiId]);
    expect(await ids(`media_id=${series.media_id}&source=rule`)).toEqual([]);
    await db.mediaItem.updateMany({
      where: { mediaId: BigInt(movie.media_id) },
      data: { removedAt: new Date() },
    });
    expect(await ids(`tmdb_id=${movie.tmdb_id}`)).toEqual([]);
    expect((await get(ruleId)).status).toBe(200);
  });

  test('EA#41: delete answers the removed protection, records protection.removed, then 404', async () => {
    const movie = await newMovie(world.service.db);
    const created = (await create({ media_type: 'movie', media_id: movie.media_id })).body
      .protection;
    const remove = (key?: string) =>
      world.api<Protection>('DELETE', `/api/v1/protections/${created.id}`, { key });
    const deleted = await remove('del-1');
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual(created);
    expect((await get(created.id)).status).toBe(404);
    expect((await remove()).status).toBe(404);
    const replay = await remove('del-1');
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(created);
    expect(await recordedFor(created.id)).toEqual(['protection.created', 'protection.removed']);
  });

  test('EA#42: deleting a rule-managed protection → 409 and it stays', async () => {
    const movie = await newMovie(world.service.db);
    const id = await newProtection(world.service.db, movieTarget(movie), { source: 'rule' });
    expect((await world.api('DELETE', `/api/v1/protections/${id}`)).body).toMatchObject({
      status: 409,
      code: 'rule_managed_protection',
    });
    expect((await get(id)).status).toBe(200);
  });

  test('a create replayed with its key answers the stored outcome without a second execution', async () => {
    const movie = await newMovie(world.service.db);
    const body = { media_type: 'movie', media_id: movie.media_id };
    const first = await create(body, 'create-1');
    const second = await create(body, 'create-1');
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
  });
});
