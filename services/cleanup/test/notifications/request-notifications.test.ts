import type { Principal } from '@mcs/kit';
import { ADMIN, USER } from '../support/api';
import { newMovie, newSeries } from '../support/factories';
import { useNotifications } from '../support/notifications';
import { useWorld } from '../support/world';

/**
 * `new_protection_request` and `new_delete_request` (docs/decisions/026): a user's request that
 * waits for an administrator is told once, naming what it is for; an administrator's own
 * request is approved at once and tells no one.
 */
const world = useWorld();
const notifications = useNotifications(world);

const ASKER: Principal = { ...USER, name: 'asker' };
const OWNER: Principal = { ...ADMIN, name: 'owner' };

const ask = (kind: 'protection' | 'delete', body: Record<string, unknown>, principal = ASKER) =>
  world.api<{ request: { id: number } }>('POST', `/api/${kind}-requests`, { body, principal });

test("a user's protection request for an episode is told once, with who, what and why", async () => {
  const series = await newSeries(world.service.db, { title: 'Breaking Bad', episodes: [3] });
  const episode = series.episodes[1];
  const asked = await ask('protection', {
    media_type: 'series',
    media_id: series.media_id,
    episode_id: episode?.episode_id,
    reason: 'Rewatching it',
    duration_days: 30,
  });
  expect(asked.status).toBe(201);
  expect(await notifications.take()).toEqual([
    {
      event: 'new_protection_request',
      subject: `request/${asked.body.request.id}`,
      severity: 'info',
      title: 'Protection requested: Breaking Bad (1999) S01E02',
      message: 'asker asks to keep Breaking Bad (1999) S01E02 for 30 days. Reason: Rewatching it',
      facts: [
        { label: 'Requested by', value: 'asker' },
        { label: 'Target', value: 'Breaking Bad (1999) S01E02 (episode)' },
        { label: 'Reason', value: 'Rewatching it' },
        { label: 'Duration', value: 'for 30 days' },
      ],
      ui_page: '/requests',
      occurred_at: expect.any(String) as unknown,
    },
  ]);
});

test("a user's delete request is told once; a refused one tells nothing", async () => {
  const movie = await newMovie(world.service.db, { title: 'Bad Copy' });
  const body = { media_type: 'movie', media_id: movie.media_id, reason: 'Broken audio' };
  const asked = await ask('delete', body);
  expect(asked.status).toBe(201);
  // The same user asking again is a duplicate (409): no second request, no second message.
  expect((await ask('delete', body)).status).toBe(409);
  expect(await notifications.take()).toEqual([
    expect.objectContaining({
      event: 'new_delete_request',
      subject: `request/${asked.body.request.id}`,
      title: 'Deletion requested: Bad Copy (1999)',
      message: 'asker asks to remove Bad Copy (1999). Reason: Broken audio',
      facts: [
        { label: 'Requested by', value: 'asker' },
        { label: 'Target', value: 'Bad Copy (1999) (movie)' },
        { label: 'Reason', value: 'Broken audio' },
      ],
      ui_page: '/requests',
    }),
  ]);
});

test("an administrator's own requests are approved at once and tell no one", async () => {
  const kept = await newMovie(world.service.db);
  const gone = await newMovie(world.service.db);
  const protection = await ask(
    'protection',
    { media_type: 'movie', media_id: kept.media_id },
    OWNER,
  );
  expect(protection.status).toBe(201);
  const deletion = await ask('delete', { media_type: 'movie', media_id: gone.media_id }, OWNER);
  expect(deletion.status).toBe(202);
  expect(await notifications.take()).toEqual([]);
});

test('a request whose transaction fails at commit is not told; the same request committed is', async () => {
  const { db } = world.service;
  // A deferred constraint trigger fails the commit itself, after the request and its
  // notification were written.
  await db.$executeRawUnsafe(`CREATE FUNCTION refuse_commit() RETURNS trigger LANGUAGE plpgsql
    AS $$ BEGIN RAISE EXCEPTION 'commit refused by the test'; END $$`);
  await db.$executeRawUnsafe(`CREATE CONSTRAINT TRIGGER refuse_marked
    AFTER INSERT ON protection_requests DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
    WHEN (NEW.reason = 'fail at commit') EXECUTE FUNCTION refuse_commit()`);
  const movie = await newMovie(db, { title: 'Unlucky' });
  const body = { media_type: 'movie', media_id: movie.media_id, reason: 'fail at commit' };
  expect((await ask('protection', body)).status).toBe(500);
  expect(await notifications.take()).toEqual([]);

  await db.$executeRawUnsafe('DROP TRIGGER refuse_marked ON protection_requests');
  const asked = await ask('protection', body);
  expect(asked.status).toBe(201);
  expect(await notifications.take()).toEqual([
    expect.objectContaining({
      subject: `request/${asked.body.request.id}`,
      title: 'Protection requested: Unlucky (1999)',
    }),
  ]);
});
