import type { ActionResponse, Candidate } from './support/api';
import { waitFor } from '@mcs/kit/testing';
import { startCleanup } from '../src/server';
import { newCandidate, newMovie, versionTarget } from './support/factories';
import { useWorld } from './support/world';

/** The outbox guarantee (docs/decisions/001-outbox.md) as seen from candidate actions. */
const world = useWorld();

const outboxRows = async (candidateId: number) => world.recorded(candidateId);

test('an action whose transaction fails at commit changes nothing and emits nothing', async () => {
  const db = world.service.db;
  // A deferred constraint trigger fails the commit itself, after the action wrote its change,
  // its protection, its events and its idempotency record.
  await db.$executeRawUnsafe(`CREATE FUNCTION refuse_commit() RETURNS trigger LANGUAGE plpgsql
    AS $$ BEGIN RAISE EXCEPTION 'commit refused by the test'; END $$`);
  await db.$executeRawUnsafe(`CREATE CONSTRAINT TRIGGER refuse_marked AFTER INSERT ON outbox
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
    WHEN (NEW.payload->'payload'->'candidate'->>'lifecycle_reason' = 'fail at commit')
    EXECUTE FUNCTION refuse_commit()`);
  const movie = await newMovie(db);
  const id = await newCandidate(db, versionTarget(movie));
  const before = (await world.api<Candidate>('GET', `/api/v1/candidates/${id}`)).body;

  const failed = await world.api('POST', `/api/v1/candidates/${id}/protect`, {
    body: { reason: 'fail at commit' },
    key: 'rolled-back',
  });
  expect(failed.status).toBe(500);
  expect((await world.api('GET', `/api/v1/candidates/${id}`)).body).toEqual(before);
  expect(await db.protection.count({ where: { mediaId: BigInt(movie.media_id) } })).toBe(0);
  expect(await outboxRows(id)).toEqual([]);

  // The idempotency record rolled back too: the same key executes once the commit can succeed.
  await db.$executeRawUnsafe('DROP TRIGGER refuse_marked ON outbox');
  const retried = await world.api<ActionResponse>('POST', `/api/v1/candidates/${id}/protect`, {
    body: { reason: 'fail at commit' },
    key: 'rolled-back',
  });
  expect(retried.body.replayed).toBe(false);
  expect(await outboxRows(id)).toEqual(['protection.created', 'candidate.protected']);
});

test('events committed while the service dies before publishing are published once after restart', async () => {
  const db = world.service.db;
  const movie = await newMovie(db);
  const id = await newCandidate(db, versionTarget(movie));
  // The relay stops before it can publish: the commit happens, the publish does not.
  await world.service.runtime.relay.stop();
  const response = await world.api<ActionResponse>('POST', `/api/v1/candidates/${id}/cancel`, {
    body: {},
  });
  expect(response.status).toBe(200);
  expect(await db.outboxMessage.count({ where: { publishedAt: null } })).toBeGreaterThan(0);
  await world.service.stop();

  const restarted = await startCleanup({ runtime: world.env.runtimeConfig() });
  try {
    const delivered = () =>
      world.broker.messages.filter((m) => m.messageId === response.body.event_id);
    await waitFor(() => delivered().length === 1, { what: 'the event after restart' });
    await waitFor(
      async () => (await restarted.db.outboxMessage.count({ where: { publishedAt: null } })) === 0,
    );
    expect(delivered()).toHaveLength(1);
  } finally {
    await restarted.stop();
  }
});
