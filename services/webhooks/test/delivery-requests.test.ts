import { PRODUCT_VERSION, SecretBox } from '@mcs/kit';
import { Webhook } from 'standardwebhooks';
import {
  afterAttempts,
  attemptLog,
  deliveryOf,
  newEndpoint,
  scriptedReceiver,
  untilDue,
  useDeliveryWorld,
} from './support/delivery-world';
import { publishSettings } from './support/settings';

/** What a receiver gets, and what is stored about it (§4.3, §4.5, §4.10–4.12; §6 22, 23, 28–31). */
const world = useDeliveryWorld();

// First in the file: the clock is still close to the real time the library checks against.
test('a receiver verifies every attempt with standardwebhooks; webhook-id is the event id on every retry; the headers are those of §4.12', async () => {
  const receiver = await scriptedReceiver([503, 204]);
  const endpoint = await newEndpoint(world, {
    url: receiver.url,
    headers: [{ name: 'X-Api-Key', value: 'k-1234567' }],
    authUsername: 'hooks',
    authPassword: 'pa55-word',
  });
  const event = await world.publish();
  const delivery = await deliveryOf(world, event.id, endpoint.id);
  await afterAttempts(world, delivery.id, 1);
  await untilDue(world, delivery.id);
  expect((await afterAttempts(world, delivery.id, 2)).status).toBe('delivered');

  const stored = await world.service.db.event.findUniqueOrThrow({ where: { id: event.id } });
  const verifier = new Webhook(endpoint.secret);
  expect(receiver.received).toHaveLength(2);
  for (const request of receiver.received) {
    const headers = Object.fromEntries(
      Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
    );
    expect(verifier.verify(request.body, headers)).toEqual(stored.payload);
    expect(request).toMatchObject({ method: 'POST', url: '/hooks/mcs' });
    expect(request.headers).toMatchObject({
      'webhook-id': event.id,
      'content-type': 'application/json',
      'user-agent': `MediaCleanupService/${PRODUCT_VERSION}`,
      'x-api-key': 'k-1234567',
      authorization: `Basic ${Buffer.from('hooks:pa55-word').toString('base64')}`,
    });
    expect(request.headers.cookie).toBeUndefined();
  }
  // Each attempt is signed at its own time.
  const [first, second] = receiver.received.map((r) => Number(r.headers['webhook-timestamp']));
  expect(second! - first!).toBeGreaterThanOrEqual(60);
});

test('every attempt is logged with time, status, duration and outcome; secrets in an error body are redacted and the excerpt is at most 600 characters', async () => {
  const body = JSON.stringify({
    token: 'abc123',
    detail: 'bad request echo: X-Api-Key=k-7654321 and k-7654321 again',
    padding: 'x'.repeat(2000),
  });
  const receiver = await scriptedReceiver([
    { status: 500, headers: { 'Content-Type': 'application/json' }, body },
    { status: 422, body: 'session=s3cr3t; please retry k-7654321' },
  ]);
  const endpoint = await newEndpoint(world, {
    url: receiver.url,
    headers: [{ name: 'X-Api-Key', value: 'k-7654321' }],
  });
  const event = await world.publish();
  const delivery = await deliveryOf(world, event.id, endpoint.id);
  await afterAttempts(world, delivery.id, 1);
  await untilDue(world, delivery.id);
  const row = await afterAttempts(world, delivery.id, 2);

  const log = await attemptLog(world, delivery.id);
  expect(log).toHaveLength(2);
  const [first, second] = log;
  expect(first).toMatchObject({ round: 1, number: 1, statusCode: 500 });
  expect(first!.outcome).toBe('retryable_failure');
  expect(first!.startedAt).toBeInstanceOf(Date);
  expect(first!.durationMs).toBeGreaterThanOrEqual(0);
  expect(first!.error).toMatch(/^HTTP 500: \{"token":"<redacted>","detail":"/);
  expect(first!.error!.length).toBeLessThanOrEqual(600);
  expect(second).toMatchObject({ number: 2, statusCode: 422, outcome: 'permanent_failure' });
  expect(second!.error).toBe('HTTP 422: session=<redacted>; please retry <redacted>');
  expect(row).toMatchObject({ status: 'failed', lastStatusCode: 422, lastError: second!.error });
  for (const text of [...log.map((a) => a.error), row.lastError])
    expect(text).not.toMatch(/abc123|k-7654321|s3cr3t/);
});

test('a receiver answering 301 is not followed: the delivery fails with "redirects are not followed"', async () => {
  const target = await scriptedReceiver([204]);
  const redirecting = await scriptedReceiver([{ status: 301, headers: { Location: target.url } }]);
  const endpoint = await newEndpoint(world, { url: redirecting.url });
  const event = await world.publish();
  const delivery = await deliveryOf(world, event.id, endpoint.id);
  const row = await afterAttempts(world, delivery.id, 1);
  expect(row).toMatchObject({
    status: 'failed',
    lastStatusCode: 301,
    lastError: 'HTTP 301: redirects are not followed',
  });
  expect(redirecting.received).toHaveLength(1);
  expect(target.received).toHaveLength(0);
});

test('a private-network receiver gets deliveries by default; once settings.changed turns "Block private network destinations" on, the next attempt fails permanently without a request', async () => {
  const receiver = await scriptedReceiver([204]);
  const endpoint = await newEndpoint(world, { url: receiver.url });
  const allowed = await world.publish();
  const first = await deliveryOf(world, allowed.id, endpoint.id);
  expect((await afterAttempts(world, first.id, 1)).status).toBe('delivered');

  await publishSettings(world.service, { webhook_block_private_destinations: true });
  try {
    const blocked = await world.publish();
    const second = await deliveryOf(world, blocked.id, endpoint.id);
    const row = await afterAttempts(world, second.id, 1);
    expect(row).toMatchObject({
      status: 'failed',
      lastStatusCode: null,
      lastError: 'Destination address is not allowed',
    });
    const [attempt] = await attemptLog(world, second.id);
    expect(attempt).toMatchObject({ outcome: 'permanent_failure', durationMs: 0 });
    expect(receiver.received.map((r) => r.headers['webhook-id'])).toEqual([allowed.id]);
  } finally {
    await publishSettings(world.service, { webhook_block_private_destinations: false });
  }
});

test('an endpoint whose secrets were sealed under another encryption key fails at once, without a request', async () => {
  const receiver = await scriptedReceiver([204]);
  const endpoint = await newEndpoint(world, { url: receiver.url });
  const otherKey = new SecretBox(['another-key-0123456789abcdef-0123']);
  await world.service.db.endpoint.update({
    where: { id: endpoint.id },
    data: { signingSecretEncrypted: otherKey.seal(endpoint.secret) },
  });
  await expectFailedUnsent(
    endpoint.id,
    'Endpoint secrets cannot be decrypted (was the encryption key changed?)',
  );
  expect(receiver.received).toHaveLength(0);
});

test('a url_template whose rendered path has a ".." segment fails at once, without a request', async () => {
  const receiver = await scriptedReceiver([204]);
  // An unknown placeholder renders empty: the literal `{unset}..` becomes the segment `..`.
  const endpoint = await newEndpoint(world, {
    url: receiver.url,
    urlTemplate: `${receiver.url}/{unset}../admin`,
  });
  await expectFailedUnsent(endpoint.id, 'Rendered URL path has "." or ".." segments');
  expect(receiver.received).toHaveLength(0);
});

/** An event's delivery to the endpoint failed at its first attempt, for good, unsent. */
async function expectFailedUnsent(endpointId: bigint, lastError: string): Promise<void> {
  const event = await world.publish();
  const delivery = await deliveryOf(world, event.id, endpointId);
  const row = await afterAttempts(world, delivery.id, 1);
  expect(row).toMatchObject({
    status: 'failed',
    nextAttemptAt: null,
    lastStatusCode: null,
    lastError,
  });
  const [attempt] = await attemptLog(world, delivery.id);
  expect(attempt).toMatchObject({ outcome: 'permanent_failure', statusCode: null, durationMs: 0 });
}
