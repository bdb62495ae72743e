import { createPool } from '@mcs/kit';
import type { Pool } from 'pg';
import { createDirect, SCHEMA, type Direct } from '../src/db';
import { claimNext, type Claim } from '../src/delivery/claim.repository';
import { newEndpoint } from './support/endpoints';
import { useWorld } from './support/world';

/**
 * The claim's one-round-trip form (the endpoint lock and the lease as two statements of one
 * query) must still let exactly one of many concurrent claims of an endpoint win, and take
 * the endpoint's deliveries in feed order (events-webhooks.md §4.3 step 1, §4.7). No delivery
 * worker runs: the test is the only claimer.
 */
const world = useWorld({ deliver: false });
let pool: Pool;
let direct: Direct;

beforeEach(() => {
  pool = createPool({ url: world.env.databaseUrl, schema: SCHEMA, max: 8 });
  direct = createDirect(pool);
});
// Before the world's afterAll drops the database under the pool's idle connections.
afterEach(() => pool.end());

const leased = (claims: Claim[]) =>
  claims.flatMap((claim) => (claim.kind === 'claimed' ? [claim.delivery.id] : []));

test('when every delivery of one endpoint is claimed at once, one claim wins, and each round takes the next delivery in feed order', async () => {
  const endpoint = await newEndpoint(world.service.db);
  for (let i = 0; i < 6; i += 1) await world.store('candidate.canceled');
  const inFeedOrder = await world.service.db.delivery.findMany({
    where: { endpointId: endpoint.id },
    orderBy: { eventPosition: 'asc' },
  });
  const ids = inFeedOrder.map((delivery) => delivery.id);
  expect(ids).toHaveLength(6);

  for (const expected of ids.slice(0, 3)) {
    // Newest first, so that the job's own delivery is rarely the one the claim must take.
    const claims = await Promise.all(
      [...ids].reverse().map((id) => claimNext(direct, id, world.clock.now())),
    );
    expect(leased(claims)).toEqual([expected]);
    const holding = await world.service.db.delivery.findMany({
      where: { endpointId: endpoint.id, leaseExpiresAt: { not: null } },
    });
    expect(holding.map((delivery) => delivery.id)).toEqual([expected]);
    // What recording the attempt does to the delivery and its lease.
    await world.service.db.delivery.update({
      where: { id: expected },
      data: { status: 'delivered', leaseExpiresAt: null, nextAttemptAt: null },
    });
  }
});

test('a claim for an endpoint disabled without its deliveries being canceled cancels the first one instead of leasing it', async () => {
  const endpoint = await newEndpoint(world.service.db);
  await world.store('candidate.canceled');
  const [delivery] = await world.service.db.delivery.findMany({
    where: { endpointId: endpoint.id },
  });
  await world.service.db.endpoint.update({ where: { id: endpoint.id }, data: { enabled: false } });

  const claim = await claimNext(direct, delivery!.id, world.clock.now());

  expect(claim).toEqual({ kind: 'canceled', deliveryId: delivery!.id });
  expect(await world.service.db.delivery.findUnique({ where: { id: delivery!.id } })).toMatchObject(
    {
      status: 'canceled',
      leaseExpiresAt: null,
      nextAttemptAt: null,
      lastError: 'Endpoint disabled',
    },
  );
});
