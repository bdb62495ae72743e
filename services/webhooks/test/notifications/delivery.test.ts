import { CLOSED_PORT, waitFor } from '@mcs/kit/testing';
import { type Receiver, startReceiver } from '../delivery/receiver';
import { useWorld } from '../support/world';
import {
  channel,
  deliveriesOf,
  FAST,
  publishRequested,
  requested,
  settled,
  startMailSink,
  useChannels,
} from './support';

/** Each notification once per channel, retried, and never held up by another channel (issue 28). */
const world = useWorld({ notifications: FAST });
const receivers: Receiver[] = [];

afterEach(async () => {
  await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
});

/** A receiver answering the statuses in turn, then the last one for ever. */
async function scripted(...statuses: number[]) {
  let calls = 0;
  const receiver = await startReceiver((_, response) => {
    const status = statuses[Math.min(calls, statuses.length - 1)]!;
    calls += 1;
    response.writeHead(status).end(status >= 300 ? 'upstream trouble' : 'ok');
  });
  receivers.push(receiver);
  return { receiver, url: `http://127.0.0.1:${receiver.port}/hook` };
}

/** A receiver that takes the request and never answers. */
async function hanging() {
  const receiver = await startReceiver(() => undefined);
  receivers.push(receiver);
  return { receiver, url: `http://127.0.0.1:${receiver.port}/hook` };
}

const jsonChannel = (url: string, overrides: Partial<Parameters<typeof channel>[0]> = {}) =>
  channel({ kind: 'json_webhook', url_or_host: url, ...overrides });

test('the same (event, subject) published twice is sent once per channel', async () => {
  const a = await scripted(200);
  const b = await scripted(200);
  const channels = [jsonChannel(a.url), jsonChannel(b.url)];
  await useChannels(world, channels);
  const notification = requested();
  await publishRequested(world, notification);
  await publishRequested(world, { ...notification, title: 'A repeat with other words' });
  for (const { id } of channels) await settled(world, notification.subject, id);
  expect(
    await world.service.db.notification.count({ where: { subject: notification.subject } }),
  ).toBe(1);
  const rows = await deliveriesOf(world, notification.subject);
  expect([...rows.values()].map((row) => [row.status, row.attempts])).toEqual([
    ['delivered', 1],
    ['delivered', 1],
  ]);
  expect(a.receiver.received).toHaveLength(1);
  expect(b.receiver.received).toHaveLength(1);
  expect(a.receiver.received[0]!.body).not.toContain('A repeat');
});

test('a channel answering 500 three times and then 200 gets it exactly once, on the 4th attempt', async () => {
  const flaky = await scripted(500, 500, 500, 200);
  const target = jsonChannel(flaky.url);
  await useChannels(world, [target]);
  const notification = requested();
  await publishRequested(world, notification);
  const row = await settled(world, notification.subject, target.id);
  expect(row).toMatchObject({
    status: 'delivered',
    attempts: 4,
    lastStatusCode: 200,
    lastError: null,
  });
  expect(row.deliveredAt).not.toBeNull();
  expect(flaky.receiver.received.map((r) => r.method)).toEqual(['POST', 'POST', 'POST', 'POST']);
  const bodies = new Set(flaky.receiver.received.map((r) => r.body));
  expect(bodies.size).toBe(1);
});

test('a channel that refuses connections or never answers does not delay a healthy one, and the message is acked at once', async () => {
  const healthy = await scripted(204);
  const silent = await hanging();
  const refused = `http://127.0.0.1:${CLOSED_PORT}/hook`;
  const channels = [jsonChannel(refused), jsonChannel(silent.url), jsonChannel(healthy.url)];
  await useChannels(world, channels);
  const notification = requested();
  const started = Date.now();
  // publishRequested waits for the inbox row: the consumer committed and acked.
  await publishRequested(world, notification);
  await waitFor(() => healthy.receiver.received.length === 1, {
    timeoutMs: FAST.timeoutMs / 2,
    what: 'the healthy channel',
  });
  // Well before the hanging channel's deadline.
  expect(Date.now() - started).toBeLessThan(FAST.timeoutMs);
  // Received; its record follows the answer.
  expect(await settled(world, notification.subject, channels[2]!.id)).toMatchObject({
    status: 'delivered',
    attempts: 1,
  });
  await waitFor(async () => {
    const row = (await deliveriesOf(world, notification.subject)).get(channels[0]!.id);
    return row !== undefined && row.attempts >= 1 && row;
  });
  const dead = (await deliveriesOf(world, notification.subject)).get(channels[0]!.id)!;
  expect(dead).toMatchObject({ status: 'pending', lastError: 'Connection refused' });
  expect(dead.lastError).not.toContain('127.0.0.1');
  const late = await waitFor(async () => {
    const row = (await deliveriesOf(world, notification.subject)).get(channels[1]!.id);
    return row !== undefined && row.attempts >= 1 && row;
  });
  expect(late.lastError).toBe('Timeout after 4 s');
  expect(silent.receiver.received.length).toBeGreaterThanOrEqual(1);
  // Stop retrying these two for the rest of the file.
  await useChannels(world, []);
});

test('a disabled channel, and one not subscribed to the event, are sent nothing', async () => {
  const subscribed = await scripted(200);
  const disabled = await scripted(200);
  const elsewhere = await scripted(200);
  const channels = [
    jsonChannel(subscribed.url),
    jsonChannel(disabled.url, { enabled: false }),
    jsonChannel(elsewhere.url, { events: ['task_failure', 'delete_failed'] }),
  ];
  await useChannels(world, channels);
  const notification = requested();
  await publishRequested(world, notification);
  await settled(world, notification.subject, channels[0]!.id);
  expect([...(await deliveriesOf(world, notification.subject)).keys()]).toEqual([channels[0]!.id]);
  expect(disabled.receiver.received).toHaveLength(0);
  expect(elsewhere.receiver.received).toHaveLength(0);
});

test('a channel disabled after the notification was stored is not sent it', async () => {
  const silent = await scripted(503);
  const target = jsonChannel(silent.url);
  await useChannels(world, [target]);
  const notification = requested();
  await publishRequested(world, notification);
  await waitFor(() => silent.receiver.received.length >= 1);
  await useChannels(world, [{ ...target, enabled: false }]);
  const row = await settled(world, notification.subject, target.id);
  expect(row).toMatchObject({ status: 'canceled', lastError: 'The channel was disabled' });
});

test('with private destinations blocked, neither an HTTP channel nor an SMTP host on 127.0.0.1 is contacted', async () => {
  const local = await scripted(200);
  const sink = await startMailSink();
  try {
    const http = jsonChannel(local.url);
    const mail = channel({
      kind: 'smtp',
      url_or_host: '127.0.0.1',
      settings: { port: sink.port, from: 'mcs@example.org', to: ['admin@example.org'] },
    });
    await useChannels(world, [http, mail], { webhook_block_private_destinations: true });
    const notification = requested();
    await publishRequested(world, notification);
    for (const { id } of [http, mail])
      expect(await settled(world, notification.subject, id)).toMatchObject({
        status: 'failed',
        attempts: 1,
        lastError: 'Destination address is not allowed',
      });
    expect(local.receiver.received).toHaveLength(0);
    expect(sink.mails).toHaveLength(0);
  } finally {
    await sink.close();
  }
});

test('a delivery left leased by a process that died is sent once its lease runs out', async () => {
  const target = await scripted(200);
  const orphan = jsonChannel(target.url);
  await useChannels(world, [orphan]);
  const { db } = world.service;
  const notification = await db.notification.create({
    data: {
      event: 'alert',
      subject: 'alert/orphaned',
      severity: 'info',
      title: 'Left behind',
      message: 'Its first attempt never reported back.',
      facts: [],
      occurredAt: new Date(),
    },
  });
  const now = Date.now();
  // As a replica leaves it when it dies mid-attempt: due, with a lease nobody will let go.
  await db.notificationDelivery.create({
    data: {
      notificationId: notification.id,
      channelId: orphan.id,
      channelName: orphan.name,
      nextAttemptAt: new Date(now - 1_000),
      leaseExpiresAt: new Date(now + 300),
    },
  });
  world.service.services.notificationDispatcher.wake();
  const row = await settled(world, 'alert/orphaned', orphan.id);
  expect(row).toMatchObject({ status: 'delivered', attempts: 1 });
  expect(target.receiver.received).toHaveLength(1);
  expect(Date.now() - now).toBeGreaterThanOrEqual(300);
});
