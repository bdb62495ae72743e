import { randomUUID } from 'node:crypto';
import { BrokerConnection, brokerNames, createLogger, Publisher } from '@mcs/kit';
import {
  createTestEnv,
  TEST_AMQP_URL,
  TEST_ENCRYPTION_KEYS,
  waitFor,
  type TestEnv,
} from '@mcs/kit/testing';
import { GatewayWorld, type Session } from '../services/gateway/test/support/gateway';
import { startScheduler, type SchedulerService } from '../services/scheduler/src/server';
import { startWebhooks, type WebhooksService } from '../services/webhooks/src/server';
import { type Receiver, startReceiver } from '../services/webhooks/test/delivery/receiver';

/**
 * Notification channels end to end (issue 28): an administrator saves a channel through the
 * gateway, the scheduler seals its secrets into settings.changed, and webhooks opens them to
 * test the channel and to send a notification cleanup asks for.
 */
let env: TestEnv;
let scheduler: SchedulerService;
let webhooks: WebhooksService;
let gateway: GatewayWorld;
let admin: Session;
let user: Session;
let receiver: Receiver;
let broker: BrokerConnection;
let publisher: Publisher;

beforeAll(async () => {
  env = await createTestEnv();
  const runtime = env.runtimeConfig();
  const keys = { encryptionKeys: TEST_ENCRYPTION_KEYS };
  webhooks = await startWebhooks({
    runtime,
    ...keys,
    notifications: { timeoutMs: 8000, retryBaseMs: 20 },
  });
  scheduler = await startScheduler({ runtime, ...keys });
  gateway = await GatewayWorld.start({}, { scheduler: scheduler.url, webhooks: webhooks.url }, env);
  admin = await gateway.setup();
  user = await gateway.userSession(admin, 'viewer');
  receiver = await startReceiver((_, response) => response.writeHead(200).end('{"id":"x"}'));
  const log = createLogger({ service: 'test', level: 'silent' });
  broker = await BrokerConnection.connect(TEST_AMQP_URL, log);
  publisher = new Publisher(broker, brokerNames(env.namespace), log);
  await publisher.start();
}, 60_000);
afterAll(async () => {
  await broker.close();
  await receiver.close();
  for (const service of [scheduler, webhooks]) await service.stop();
  await gateway.stop();
});

/** Saves one ntfy channel with a token and waits until webhooks follows that version. */
async function saveChannel() {
  const reply = await gateway.request('PUT', '/api/settings/general', {
    session: admin,
    body: {
      public_url: 'https://mcs.example.org',
      notifications: {
        channels: [
          {
            name: 'Phone',
            kind: 'ntfy',
            url_or_host: `http://127.0.0.1:${receiver.port}`,
            settings: { topic: 'media', token: 'tk_e2e_secret' },
            events: ['alert'],
            enabled: true,
          },
        ],
      },
    },
  });
  expect(reply.status).toBe(200);
  const row = await scheduler.db.generalSettingsRecord.findUniqueOrThrow({ where: { id: 1 } });
  await waitFor(async () => (await webhooks.services.settings.version()) >= Number(row.version), {
    what: 'webhooks to follow the settings',
  });
  const [saved] = (reply.body.notifications as { channels: { id: string; url_or_host: string }[] })
    .channels;
  expect(saved!.url_or_host).toBe('********');
  return saved!;
}

test('a saved channel is tested through the gateway with its sealed token, by administrators only', async () => {
  const saved = await saveChannel();
  const test = (session: Session, body: unknown) =>
    gateway.request('POST', '/api/settings/notifications/test', { session, body });
  const byId = await test(admin, { channel_id: saved.id });
  expect(byId.status).toBe(200);
  expect(byId.body).toEqual({ success: true, status_code: 200, error: null });
  const masked = await test(admin, {
    channel: {
      id: saved.id,
      name: 'Phone',
      kind: 'ntfy',
      url_or_host: '********',
      settings: { topic: 'media', token: '********' },
      events: ['alert'],
      enabled: true,
    },
  });
  expect(masked.body).toEqual({ success: true, status_code: 200, error: null });
  expect(receiver.received.map((r) => [r.url, r.headers.authorization])).toEqual([
    ['/media', 'Bearer tk_e2e_secret'],
    ['/media', 'Bearer tk_e2e_secret'],
  ]);
  expect((await test(user, { channel_id: saved.id })).status).toBe(403);
});

test("cleanup's notification.requested reaches the saved channel once, with a link to the page", async () => {
  await saveChannel();
  receiver.received.length = 0;
  const notification = {
    event: 'alert' as const,
    subject: `alert/${randomUUID()}`,
    severity: 'critical' as const,
    title: 'Source unavailable',
    message: 'Radarr has not answered for an hour.',
    facts: [{ label: 'Service', value: 'Radarr' }],
    ui_page: '/alerts',
    occurred_at: new Date().toISOString(),
  };
  await publisher.publish('notification.requested', notification, { messageId: randomUUID() });
  await publisher.publish('notification.requested', notification, { messageId: randomUUID() });
  await waitFor(() => receiver.received.length >= 1, { what: 'the notification' });
  await waitFor(
    async () =>
      (await webhooks.db.inboxMessage.count({
        where: { consumer: { contains: 'notifications' } },
      })) >= 2,
  );
  expect(receiver.received).toHaveLength(1);
  expect(receiver.received[0]!.headers).toMatchObject({
    title: 'Source unavailable',
    priority: '5',
    click: 'https://mcs.example.org/alerts',
    authorization: 'Bearer tk_e2e_secret',
  });
  expect(receiver.received[0]!.body).toContain('Service: Radarr');
});
