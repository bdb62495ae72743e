import { Webhook } from 'standardwebhooks';
import {
  admin,
  createEndpoint,
  endpointInput,
  ENDPOINTS,
  fieldsOf,
  type ProblemWire,
  type TestResultWire,
} from './support/admin';
import { CLOSED_PORT } from '@mcs/kit/testing';
import { type Receiver, startReceiver } from './delivery/receiver';
import { useWorld } from './support/world';

const world = useWorld();
const HOUR = 3_600_000;
let receiver: Receiver;

beforeEach(async () => {
  receiver = await startReceiver((_, response) => response.writeHead(204).end());
});
afterEach(() => receiver.close());

const hooksUrl = () => `http://127.0.0.1:${receiver.port}/hooks`;

/** What the receiver got, as standardwebhooks verifies it. */
const headersOf = (index = 0) => {
  const got = receiver.received[index];
  if (!got) throw new Error('nothing received');
  return { got, headers: got.headers as Record<string, string> };
};

test('an unsaved configuration reaches the receiver unsigned with test: true and stores nothing', async () => {
  const { db } = world.service;
  const counts = () => Promise.all([db.event.count(), db.delivery.count(), db.endpoint.count()]);
  const before = await counts();
  const response = await admin<TestResultWire>(
    world,
    'POST',
    `${ENDPOINTS}/test`,
    endpointInput({ url: hooksUrl(), event_types: ['candidate.deleted'] }),
  );
  expect(response.status).toBe(200);
  expect(response.body).toEqual({
    success: true,
    status_code: 204,
    error: null,
    duration_ms: expect.any(Number) as number,
  });
  const { got, headers } = headersOf();
  const body = JSON.parse(got.body) as { test: boolean; type: string; id: string };
  expect(body).toMatchObject({ test: true, type: 'candidate.scheduled' });
  expect(headers['webhook-id']).toBe(body.id);
  expect(headers['webhook-timestamp']).toMatch(/^\d+$/);
  expect(headers).not.toHaveProperty('webhook-signature');
  expect(await counts()).toEqual(before);
});

test('an unsaved test reports a failing receiver with a redacted error, still 200', async () => {
  await receiver.close();
  receiver = await startReceiver((_, response) =>
    response.writeHead(500).end('{"error":"boom","token":"abc123"}'),
  );
  const response = await admin<TestResultWire>(
    world,
    'POST',
    `${ENDPOINTS}/test`,
    endpointInput({ url: hooksUrl() }),
  );
  expect(response.status).toBe(200);
  expect(response.body).toMatchObject({ success: false, status_code: 500 });
  expect(response.body.error).toContain('HTTP 500');
  expect(response.body.error).toContain('<redacted>');
  expect(response.body.error).not.toContain('abc123');
});

test('a receiver answering 64 KiB of repeated `token` gets its redacted error at once', async () => {
  await receiver.close();
  receiver = await startReceiver((_, response) =>
    response.writeHead(500).end('token'.repeat((64 * 1024) / 5)),
  );
  const started = performance.now();
  const response = await admin<TestResultWire>(
    world,
    'POST',
    `${ENDPOINTS}/test`,
    endpointInput({ url: hooksUrl() }),
  );
  expect(performance.now() - started).toBeLessThan(5000);
  expect(response.body).toMatchObject({ success: false, status_code: 500 });
  expect(response.body.error).toMatch(/^HTTP 500: (token)+$/);
  expect(Array.from(response.body.error ?? '')).toHaveLength(600);
});

test('an unsaved test to a closed port is a connection failure, and invalid input is 422', async () => {
  const closed = await admin<TestResultWire>(
    world,
    'POST',
    `${ENDPOINTS}/test`,
    endpointInput({ url: `http://127.0.0.1:${CLOSED_PORT}/x` }),
  );
  expect(closed.body).toMatchObject({
    success: false,
    status_code: null,
    error: 'Connection refused',
  });
  const invalid = await admin<ProblemWire>(
    world,
    'POST',
    `${ENDPOINTS}/test`,
    endpointInput({ url: hooksUrl(), timeout_seconds: 0 }),
  );
  expect(invalid.status).toBe(422);
  expect(fieldsOf(invalid.body)).toEqual(['timeout_seconds']);
  expect(receiver.received).toHaveLength(0);
});

test('a url_template with a ".." segment is 422 when written, and refused unsent when rendered', async () => {
  const written = await admin<ProblemWire>(
    world,
    'POST',
    ENDPOINTS,
    endpointInput({ url: hooksUrl(), url_template: `${hooksUrl()}/%2e%2E/admin` }),
  );
  expect(written.status).toBe(422);
  expect(fieldsOf(written.body)).toEqual(['url_template']);
  const rendered = await admin<TestResultWire>(
    world,
    'POST',
    `${ENDPOINTS}/test`,
    endpointInput({ url: hooksUrl(), url_template: `${hooksUrl()}/{unset}../admin` }),
  );
  expect(rendered.body).toMatchObject({
    success: false,
    status_code: null,
    error: 'Rendered URL path has "." or ".." segments',
  });
  expect(receiver.received).toHaveLength(0);
});

test('a saved endpoint test is signed with its secret, uses the chosen type, also when disabled', async () => {
  const created = await createEndpoint(world, {
    url: hooksUrl(),
    enabled: false,
    event_types: ['candidate.deleted', 'protection.created'],
  });
  const response = await admin<TestResultWire>(world, 'POST', `${ENDPOINTS}/${created.id}/test`, {
    event_type: 'protection.created',
  });
  expect(response.body).toMatchObject({ success: true, status_code: 204 });
  const { got, headers } = headersOf();
  const payload = new Webhook(created.signing_secret).verify(got.body, headers) as {
    type: string;
    test: boolean;
  };
  expect(payload).toMatchObject({ type: 'protection.created', test: true });
  const unsubscribed = await admin<ProblemWire>(world, 'POST', `${ENDPOINTS}/${created.id}/test`, {
    event_type: 'candidate.canceled',
  });
  expect(unsubscribed.status).toBe(422);
  expect(fieldsOf(unsubscribed.body)).toEqual(['event_type']);
  expect(await world.service.db.delivery.count()).toBe(0);
});

test('a header sent back as ******** keeps its stored value: the receiver still gets it', async () => {
  const created = await createEndpoint(world, {
    url: hooksUrl(),
    headers: [{ name: 'X-Api-Key', value: 'k-original' }],
  });
  const url = `${ENDPOINTS}/${created.id}`;
  const updated = await admin(world, 'PUT', url, {
    ...endpointInput({ url: hooksUrl(), name: 'Renamed' }),
    headers: [{ name: 'x-api-key', value: '********' }],
  });
  expect(updated.status).toBe(200);
  await admin(world, 'POST', `${url}/test`);
  expect(headersOf().headers['x-api-key']).toBe('k-original');
});

test('after a rotation both secrets verify during the grace period; with 0 h only the new one', async () => {
  const created = await createEndpoint(world, { url: hooksUrl() });
  const url = `${ENDPOINTS}/${created.id}`;
  const rotated = await admin<{
    signing_secret: string;
    signing_secret_created_at: string;
    previous_secret_expires_at: string | null;
  }>(world, 'POST', `${url}/rotate-secret`);
  expect(rotated.status).toBe(200);
  expect(rotated.body.signing_secret).not.toBe(created.signing_secret);
  const now = world.clock.now().getTime();
  expect(Date.parse(rotated.body.previous_secret_expires_at ?? '')).toBe(now + 24 * HOUR);
  expect(Date.parse(rotated.body.signing_secret_created_at)).toBe(now);
  await admin(world, 'POST', `${url}/test`);
  const first = headersOf(0);
  expect(first.headers['webhook-signature']?.split(' ')).toHaveLength(2);
  for (const secret of [rotated.body.signing_secret, created.signing_secret])
    expect(() => new Webhook(secret).verify(first.got.body, first.headers)).not.toThrow();

  const again = await admin<typeof rotated.body>(world, 'POST', `${url}/rotate-secret`, {
    grace_period_hours: 0,
  });
  expect(again.body.previous_secret_expires_at).toBeNull();
  await admin(world, 'POST', `${url}/test`);
  const second = headersOf(1);
  expect(second.headers['webhook-signature']?.split(' ')).toHaveLength(1);
  expect(() =>
    new Webhook(again.body.signing_secret).verify(second.got.body, second.headers),
  ).not.toThrow();
  const read = await admin<{ previous_secret_expires_at: string | null }>(world, 'GET', url);
  expect(read.body.previous_secret_expires_at).toBeNull();
  expect(read.text).not.toContain(again.body.signing_secret);
});

test('a grace period outside 0 … 168 hours is 422', async () => {
  const created = await createEndpoint(world, { url: hooksUrl() });
  const response = await admin<ProblemWire>(
    world,
    'POST',
    `${ENDPOINTS}/${created.id}/rotate-secret`,
    { grace_period_hours: 169 },
  );
  expect(response.status).toBe(422);
  expect(fieldsOf(response.body)).toEqual(['grace_period_hours']);
});
