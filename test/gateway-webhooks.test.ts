import { createTestEnv, TEST_ENCRYPTION_KEYS, waitFor } from '@mcs/kit/testing';
import { startCleanup, type CleanupService } from '../services/cleanup/src/server';
import * as seed from '../services/cleanup/test/support/factories';
import { GatewayWorld, type Session } from '../services/gateway/test/support/gateway';
import { startWebhooks, type WebhooksService } from '../services/webhooks/src/server';
import { startReceiver, type Receiver } from '../services/webhooks/test/delivery/receiver';
import { verifyDelivery } from '../services/webhooks/test/support/verify';
import { expectNothingHidden } from './support/cleanup-e2e-checks';

/**
 * Black-box through the gateway (issue 14): an administrator subscribes an endpoint with a
 * session, an integrator acts on a candidate with a token, and the change reaches the feed
 * (GET /api/v1/events), the receiver (signed, verified with standardwebhooks) and the delivery
 * history — one event, the same payload everywhere, no filesystem path anywhere. The gateway
 * validates every answer against the contracts.
 */
let cleanup: CleanupService;
let webhooks: WebhooksService;
let gateway: GatewayWorld;
let admin: Session;
let receiver: Receiver;

beforeAll(async () => {
  const env = await createTestEnv();
  cleanup = await startCleanup({ runtime: env.runtimeConfig() });
  webhooks = await startWebhooks({
    runtime: env.runtimeConfig(),
    encryptionKeys: TEST_ENCRYPTION_KEYS,
  });
  gateway = await GatewayWorld.start({}, { cleanup: cleanup.url, webhooks: webhooks.url }, env);
  admin = await gateway.setup();
  receiver = await startReceiver((_, response) => response.writeHead(204).end());
});
afterAll(async () => {
  await receiver.close();
  await cleanup.stop();
  await webhooks.stop();
  await gateway.stop();
});

test('a candidate canceled with a token reaches the feed, the subscribed receiver and the history once, with the same payload and no path', async () => {
  const created = await gateway.request('POST', '/api/settings/integrations/webhooks', {
    session: admin,
    body: {
      name: 'Scanner',
      url: `http://127.0.0.1:${receiver.port}/hooks`,
      event_types: ['candidate.canceled'],
    },
  });
  expect(created.status).toBe(201);
  const secret = String(created.body.signing_secret);
  const manage = await gateway.token(admin, ['candidates:manage']);
  const reader = await gateway.token(admin, ['events:read']);
  const movie = await seed.newMovie(cleanup.db);
  const candidateId = await seed.newCandidate(cleanup.db, seed.movieTarget(movie));

  const canceled = await gateway.request('POST', `/api/v1/candidates/${candidateId}/cancel`, {
    token: manage.token,
    body: { reason: 'keep' },
  });
  expect(canceled.status).toBe(200);
  const eventId = String(canceled.body.event_id);

  const received = await waitFor(
    () => receiver.received.find((r) => r.headers['webhook-id'] === eventId) ?? false,
    {
      what: 'the delivery at the receiver',
    },
  );
  const body = verifyDelivery(secret, received);
  const feed = await gateway.request('GET', `/api/v1/events?candidate_id=${candidateId}`, {
    token: reader.token,
  });
  expect(feed.status).toBe(200);
  const items = feed.body.items as { id: string; payload: unknown }[];
  expect(items.map((item) => item.id)).toEqual([eventId]);
  expect(body).toEqual(items[0]?.payload);
  expect(body).toMatchObject({ type: 'candidate.canceled', candidate: { id: candidateId } });

  const history = await waitFor(
    async () => {
      const reply = await gateway.request(
        'GET',
        `/api/settings/integrations/webhook-deliveries?event_id=${eventId}`,
        { session: admin },
      );
      const [only] = reply.body.items as { status: string }[];
      return only?.status === 'delivered' && reply.body;
    },
    { what: 'the delivery recorded as delivered' },
  );
  expect(history).toMatchObject({
    items: [{ event_type: 'candidate.canceled', endpoint_id: created.body.id, attempts: 1 }],
  });
  expect(receiver.received.filter((r) => r.headers['webhook-id'] === eventId)).toHaveLength(1);

  const [stored] = await webhooks.db.event.findMany({ where: { id: eventId } });
  for (const [where, value] of [
    ['stored event', stored?.payload],
    ['feed item', items[0]],
    ['delivery body', body],
  ] as const)
    expectNothingHidden(value, where);
});
