import type { InternalApi } from '@mcs/contracts';
import { CLOSED_PORT } from '@mcs/kit/testing';
import { type Receiver, startReceiver } from '../delivery/receiver';
import { admin, fieldsOf, type ProblemWire, USER } from '../support/admin';
import { useWorld } from '../support/world';
import { channel, FAST, startMailSink, useChannels } from './support';

/** POST /api/settings/notifications/test (internal-api.md 6.2; issue 28). */
const world = useWorld({ notifications: FAST });
const ROUTE = '/api/settings/notifications/test';
type ResultWire = InternalApi.components['schemas']['NotificationTestResult'];

let receiver: Receiver;
let answer = 204;
beforeAll(async () => {
  receiver = await startReceiver((request, response) =>
    // A failing receiver echoes what it got, as error pages do: the secret must not come back.
    response
      .writeHead(answer)
      .end(answer >= 300 ? `bad request ${String(request.headers['x-gotify-key'])}` : ''),
  );
});
afterAll(() => receiver.close());
beforeEach(() => {
  answer = 204;
  receiver.received.length = 0;
});

const url = (path: string) => `http://127.0.0.1:${receiver.port}${path}`;
const test_ = (body: unknown, principal = undefined as Parameters<typeof admin>[4]) =>
  admin<ResultWire & ProblemWire>(world, 'POST', ROUTE, body, principal);

const gotify = channel({
  id: 'gotify-home',
  kind: 'gotify',
  url_or_host: 'http://127.0.0.1:1/',
  settings: { token: 'saved-app-token' },
});

test('a saved channel gets a short test message now, and the answer says it worked', async () => {
  const saved = channel({ kind: 'json_webhook', url_or_host: url('/saved') });
  await useChannels(world, [saved], { public_url: 'https://mcs.example.org' });
  const response = await test_({ channel_id: saved.id });
  expect(response.status).toBe(200);
  expect(response.body).toEqual({ success: true, status_code: 204, error: null });
  expect(receiver.received).toHaveLength(1);
  expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({
    title: 'Media Cleanup Service test notification',
    url: 'https://mcs.example.org/settings/notifications',
  });
});

test('an unsaved channel is sent to as given, its token included, and nothing is stored', async () => {
  await useChannels(world, []);
  const response = await test_({
    channel: {
      name: 'Phone',
      kind: 'ntfy',
      url_or_host: url('/'),
      settings: { topic: 'alerts', token: 'tk_unsaved' },
      events: ['alert'],
      enabled: true,
    },
  });
  expect(response.body).toEqual({ success: true, status_code: 204, error: null });
  expect(receiver.received[0]).toMatchObject({ url: '/alerts' });
  expect(receiver.received[0]!.headers.authorization).toBe('Bearer tk_unsaved');
  expect(await world.service.db.notification.count()).toBe(0);
});

test('a failing channel answers 200 with success false, the status and a redacted error', async () => {
  answer = 500;
  const unsaved = { ...gotify, id: undefined, url_or_host: url('/g') };
  const failing = await test_({ channel: unsaved });
  expect(failing.status).toBe(200);
  expect(failing.body).toEqual({
    success: false,
    status_code: 500,
    error: 'HTTP 500: bad request <redacted>',
  });
  const refused = await test_({
    channel: { ...unsaved, url_or_host: `http://127.0.0.1:${CLOSED_PORT}/` },
  });
  expect(refused.body).toEqual({ success: false, status_code: null, error: 'Connection refused' });
  const silent = await startReceiver(() => undefined);
  try {
    const hanging = await test_({
      channel: { ...unsaved, url_or_host: `http://127.0.0.1:${silent.port}/` },
    });
    expect(hanging.body).toEqual({
      success: false,
      status_code: null,
      error: 'Timeout after 4 s',
    });
  } finally {
    await silent.close();
  }
});

test('a masked secret is taken from the saved channel of that id, and never shown', async () => {
  await useChannels(world, [{ ...gotify, url_or_host: url('/gotify') }]);
  const response = await test_({
    channel: { ...gotify, url_or_host: '********', settings: { token: '********', priority: 2 } },
  });
  expect(response.body).toMatchObject({ success: true, status_code: 204 });
  expect(receiver.received[0]).toMatchObject({ url: '/gotify/message' });
  expect(receiver.received[0]!.headers['x-gotify-key']).toBe('saved-app-token');
  expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({ priority: 2 });
  expect(JSON.stringify(response.body)).not.toContain('saved-app-token');
});

test('a masked value with nothing saved to keep, or a saved token sent to another destination, is a 422', async () => {
  await useChannels(world, [{ ...gotify, url_or_host: url('/gotify') }]);
  const unknown = await test_({
    channel: { ...gotify, id: 'never-saved', settings: { token: '********' } },
  });
  expect(unknown.status).toBe(422);
  expect(fieldsOf(unknown.body)).toEqual(['channel.settings.token']);
  const elsewhere = await test_({
    channel: { ...gotify, url_or_host: url('/elsewhere'), settings: { token: '********' } },
  });
  expect(elsewhere.status).toBe(422);
  expect(fieldsOf(elsewhere.body)).toEqual(['channel.settings.token']);
  expect(receiver.received).toHaveLength(0);
});

test('an e-mail channel is tested through the SMTP server, and a refusal is reported with its code', async () => {
  const sink = await startMailSink();
  try {
    const response = await test_({
      channel: channel({
        kind: 'smtp',
        url_or_host: '127.0.0.1',
        settings: { port: sink.port, from: 'mcs@example.org', to: ['admin@example.org'] },
      }),
    });
    expect(response.body).toEqual({ success: true, status_code: null, error: null });
    expect(sink.mails[0]!.raw).toContain('Subject: Media Cleanup Service test notification');
  } finally {
    await sink.close();
  }
  const refusing = await startMailSink({ reject: true });
  try {
    const response = await test_({
      channel: channel({
        kind: 'smtp',
        url_or_host: '127.0.0.1',
        settings: { port: refusing.port, from: 'mcs@example.org', to: ['admin@example.org'] },
      }),
    });
    expect(response.body).toEqual({
      success: false,
      status_code: null,
      error: 'SMTP 550: Mailbox unavailable',
    });
  } finally {
    await refusing.close();
  }
});

test('with private destinations blocked the test is refused before any connection', async () => {
  await useChannels(world, [], { webhook_block_private_destinations: true });
  try {
    const response = await test_({
      channel: channel({ kind: 'json_webhook', url_or_host: url('/private') }),
    });
    expect(response.body).toEqual({
      success: false,
      status_code: null,
      error: 'Destination address is not allowed',
    });
    expect(receiver.received).toHaveLength(0);
  } finally {
    await useChannels(world, []);
  }
});

test('an unknown channel_id is a 404, a malformed body a 422 problem, and only administrators may test', async () => {
  await useChannels(world, []);
  const missing = await test_({ channel_id: 'nope' });
  expect(missing.status).toBe(404);
  for (const body of [
    {},
    { channel_id: 'a', channel: {} },
    { channel_id: 7 },
    { channel: { kind: 'fax' } },
    [1],
  ]) {
    const response = await test_(body);
    expect(response.status).toBe(422);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
  }
  const invalid = await test_({
    channel: {
      name: 'x',
      kind: 'ntfy',
      url_or_host: url('/'),
      settings: {},
      events: [],
      enabled: true,
    },
  });
  expect(invalid.status).toBe(422);
  expect(fieldsOf(invalid.body)).toEqual(['channel.settings.topic']);
  const user = await test_({ channel_id: 'nope' }, USER);
  expect(user.status).toBe(403);
  expect(receiver.received).toHaveLength(0);
});
