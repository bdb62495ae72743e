import type { Principal } from '@mcs/kit';
import { ADMIN, type ProtectedPage } from './support/api';
import { movieTarget, newCandidate, newMovie, newProtection } from './support/factories';
import { useWorld } from './support/world';

/**
 * `created_by.name` of internal protected entries (internal-api.md 1.3, domain.md 7.6): the
 * display name the gateway's signed principal carried when the protection was created, stored
 * with it, for each path that creates one; null when unknown and for rule entries. Events keep
 * their bare actor (events-webhooks.md 1.1: no actor name).
 */
const world = useWorld();

/** ADMIN and TOKEN of support/api, each with the name the gateway now forwards. */
const namedAdmin = (name: string): Principal => ({ type: 'user', id: 1, role: 'admin', name });
const NAMED_ADMIN = namedAdmin('Ada Lovelace');
const NAMED_TOKEN: Principal = {
  type: 'api_token',
  id: 4,
  scopes: ['candidates:manage', 'protections:manage'],
  name: 'Home Assistant',
};

const entriesOf = async (mediaId: number) =>
  (
    await world.api<ProtectedPage>('GET', `/api/protected?media_id=${mediaId}`, {
      principal: ADMIN,
    })
  ).body.items;
const createdBy = async (mediaId: number) => (await entriesOf(mediaId)).map((e) => e.created_by);
const protectInternally = (mediaId: number, principal: Principal) =>
  world.api('POST', '/api/protected', {
    body: { media_type: 'movie', media_id: mediaId },
    principal,
  });

/** The actor of each event recorded for a protection, as the outbox holds it. */
async function eventActors(protectionId: number) {
  const rows = await world.service.db.$queryRaw<{ actor: unknown }[]>`
    SELECT payload->'actor' AS actor FROM outbox
     WHERE (payload->'payload'->'protection'->>'id')::bigint = ${protectionId} ORDER BY id`;
  return rows.map((row) => row.actor);
}

test('an entry created by a user whose principal carries a name shows that name; its event does not', async () => {
  const movie = await newMovie(world.service.db);
  const reply = await protectInternally(movie.media_id, NAMED_ADMIN);
  expect(reply.status).toBe(201);
  expect(await createdBy(movie.media_id)).toEqual([{ type: 'user', id: 1, name: 'Ada Lovelace' }]);
  const [entry] = await entriesOf(movie.media_id);
  expect(await eventActors(entry?.id as number)).toEqual([{ type: 'user', id: 1 }]);
});

test('an entry created by a principal without a name shows null', async () => {
  const movie = await newMovie(world.service.db);
  expect((await protectInternally(movie.media_id, ADMIN)).status).toBe(201);
  expect(await createdBy(movie.media_id)).toEqual([{ type: 'user', id: 1, name: null }]);
});

test('a rule-sourced entry shows the system creator with a null name', async () => {
  const movie = await newMovie(world.service.db);
  await newProtection(world.service.db, movieTarget(movie), { source: 'rule' });
  expect(await createdBy(movie.media_id)).toEqual([{ type: 'system', id: null, name: null }]);
});

test('the external API and the protect action store the token name', async () => {
  const viaApi = await newMovie(world.service.db);
  await world.api('POST', '/api/v1/protections', {
    body: { media_type: 'movie', media_id: viaApi.media_id },
    principal: NAMED_TOKEN,
  });
  expect(await createdBy(viaApi.media_id)).toEqual([
    { type: 'api_token', id: 4, name: 'Home Assistant' },
  ]);

  const viaCandidate = await newMovie(world.service.db);
  const candidate = await newCandidate(world.service.db, movieTarget(viaCandidate), {
    createdAt: world.clock.now(),
  });
  const action = await world.api('POST', `/api/v1/candidates/${candidate}/protect`, {
    principal: NAMED_TOKEN,
  });
  expect(action.status).toBe(200);
  expect(await createdBy(viaCandidate.media_id)).toEqual([
    { type: 'api_token', id: 4, name: 'Home Assistant' },
  ]);
});

test('the name is a snapshot of the creation: widening by a renamed caller keeps it', async () => {
  const movie = await newMovie(world.service.db);
  await protectInternally(movie.media_id, NAMED_ADMIN);
  const again = await protectInternally(movie.media_id, namedAdmin('Ada King'));
  expect(again.body).toMatchObject({ created: false });
  expect(await createdBy(movie.media_id)).toEqual([{ type: 'user', id: 1, name: 'Ada Lovelace' }]);
});
