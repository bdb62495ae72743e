import { waitFor } from '@mcs/kit/testing';
import { type Receiver, type Received, startReceiver } from '../delivery/receiver';
import { useWorld } from '../support/world';
import {
  channel,
  FAST,
  publishRequested,
  requested,
  settled,
  startMailSink,
  useChannels,
} from './support';

/** What each channel kind receives: its own layout of title, message, counts and link (issue 28). */
const world = useWorld({ notifications: FAST });
let receiver: Receiver;
let sink: Awaited<ReturnType<typeof startMailSink>>;

beforeAll(async () => {
  receiver = await startReceiver((_, response) => response.writeHead(200).end('ok'));
  sink = await startMailSink();
});
afterAll(async () => {
  await receiver.close();
  await sink.close();
});

const base = () => `http://127.0.0.1:${receiver.port}`;

/** One channel of every kind, all on the local receiver or the mail sink. */
const everyKind = () => [
  channel({
    kind: 'discord',
    url_or_host: `${base()}/api/webhooks/1/discord-token`,
    settings: { username: 'Media Cleanup' },
  }),
  channel({ kind: 'slack', url_or_host: `${base()}/services/T0/B0/slack-token` }),
  channel({
    kind: 'ntfy',
    url_or_host: `${base()}/ntfy/`,
    settings: { topic: 'media', token: 'tk_ntfy' },
  }),
  channel({
    kind: 'gotify',
    url_or_host: `${base()}/gotify`,
    settings: { token: 'gotify-app-token' },
  }),
  channel({ kind: 'json_webhook', url_or_host: `${base()}/json` }),
  channel({
    kind: 'smtp',
    url_or_host: '127.0.0.1',
    settings: {
      port: sink.port,
      from: 'mcs@example.org',
      to: ['admin@example.org', 'ops@example.org'],
    },
  }),
];

/** Sends one notification to every kind and returns what arrived, by path. */
async function sendToEveryKind(publicUrl: string | null) {
  const channels = everyKind();
  await useChannels(world, channels, { public_url: publicUrl });
  const before = { http: receiver.received.length, mail: sink.mails.length };
  const notification = requested();
  await publishRequested(world, notification);
  for (const { id } of channels)
    expect((await settled(world, notification.subject, id)).status).toBe('delivered');
  // At least once: an attempt slower than its deadline on a loaded machine is sent again.
  await waitFor(
    () => receiver.received.length >= before.http + 5 && sink.mails.length >= before.mail + 1,
    { what: 'every kind to arrive' },
  );
  const got = receiver.received.slice(before.http);
  const at = (prefix: string): Received => {
    const found = got.find((request) => request.url.startsWith(prefix));
    if (!found) throw new Error(`nothing arrived at ${prefix}`);
    return found;
  };
  return { at, mail: sink.mails[before.mail]! };
}

const json = (request: Received) => JSON.parse(request.body) as Record<string, unknown>;

test('with public_url set, every kind shows the title, the message, the counts and a link to the page', async () => {
  const { at, mail } = await sendToEveryKind('https://mcs.example.org/');
  const link = 'https://mcs.example.org/alerts';

  const discord = at('/api/webhooks/1/discord-token');
  expect(discord.headers['content-type']).toBe('application/json');
  expect(json(discord)).toMatchObject({
    username: 'Media Cleanup',
    allowed_mentions: { parse: [] },
    embeds: [
      {
        title: 'Sync held back a mass removal',
        description: 'The library sync would remove many items at once, so it waits for you.',
        url: link,
        color: expect.any(Number) as number,
        fields: [
          { name: 'Movies to remove', value: '12', inline: true },
          { name: 'Episodes to remove', value: '340', inline: true },
        ],
      },
    ],
  });

  const slack = json(at('/services/T0/B0/slack-token'));
  expect(slack.text).toContain('Sync held back a mass removal');
  expect(slack.blocks).toEqual([
    { type: 'header', text: { type: 'plain_text', text: 'Sync held back a mass removal' } },
    {
      type: 'section',
      text: { type: 'mrkdwn', text: expect.stringContaining('many items') as string },
    },
    {
      type: 'section',
      fields: [
        { type: 'mrkdwn', text: '*Movies to remove*\n12' },
        { type: 'mrkdwn', text: '*Episodes to remove*\n340' },
      ],
    },
    { type: 'section', text: { type: 'mrkdwn', text: `<${link}|Open in Media Cleanup Service>` } },
  ]);

  const ntfy = at('/ntfy/media');
  expect(ntfy.headers).toMatchObject({
    title: 'Sync held back a mass removal',
    priority: '4',
    tags: 'warning,alert',
    click: link,
    authorization: 'Bearer tk_ntfy',
  });
  expect(ntfy.body).toContain('Movies to remove: 12\nEpisodes to remove: 340');

  const gotify = at('/gotify/message');
  expect(gotify.headers['x-gotify-key']).toBe('gotify-app-token');
  const gotifyBody = json(gotify);
  expect(gotifyBody).toMatchObject({
    title: 'Sync held back a mass removal',
    priority: 6,
    extras: {
      'client::display': { contentType: 'text/markdown' },
      'client::notification': { click: { url: link } },
    },
  });
  expect(gotifyBody.message).toContain('**Movies to remove:** 12');
  expect(gotifyBody.message).toContain(`(${link})`);

  expect(json(at('/json'))).toMatchObject({
    event: 'alert',
    severity: 'warning',
    title: 'Sync held back a mass removal',
    facts: [
      { label: 'Movies to remove', value: '12' },
      { label: 'Episodes to remove', value: '340' },
    ],
    url: link,
  });

  expect(mail.from).toBe('mcs@example.org');
  expect(mail.to).toEqual(['admin@example.org', 'ops@example.org']);
  expect(mail.raw).toContain('Subject: Sync held back a mass removal');
  expect(mail.raw).toContain('Movies to remove: 12');
  expect(mail.raw).toContain(link);
  expect(mail.raw).toContain('text/html');
});

test('without public_url no kind carries a link, and the rest is unchanged', async () => {
  const { at, mail } = await sendToEveryKind(null);
  const discord = json(at('/api/webhooks/1/discord-token')) as {
    embeds: Record<string, unknown>[];
  };
  expect(discord.embeds[0]).not.toHaveProperty('url');
  const slack = at('/services/T0/B0/slack-token');
  expect(slack.body).not.toContain('Open in Media Cleanup Service');
  expect(json(slack).blocks).toHaveLength(3);
  expect(at('/ntfy/media').headers).not.toHaveProperty('click');
  const gotify = json(at('/gotify/message'));
  expect(gotify.extras).not.toHaveProperty(['client::notification']);
  expect(json(at('/json'))).toMatchObject({ title: 'Sync held back a mass removal', url: null });
  expect(mail.raw).toContain('Subject: Sync held back a mass removal');
  expect(mail.raw).not.toContain('https://');
});
