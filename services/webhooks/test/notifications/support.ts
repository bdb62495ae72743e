import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { GeneralSettings, MessagePayload } from '@mcs/contracts';
import { SecretBox } from '@mcs/kit';
import { TEST_ENCRYPTION_KEYS, waitFor } from '@mcs/kit/testing';
import { SMTPServer } from 'smtp-server';
import { publishSettings } from '../support/settings';
import type { World } from '../support/world';

export type Channel = GeneralSettings['notifications']['channels'][number];
export type Requested = MessagePayload<'notification.requested'>;

const box = new SecretBox(TEST_ENCRYPTION_KEYS);
const SECRETS = ['token', 'password'];

/** Test timing: retries 20 ms, 80 ms, 400 ms … apart; an attempt gives up after 4 s (a local receiver under a loaded CI machine must never need a retry). */
export const FAST = { timeoutMs: 4_000, retryBaseMs: 20 };

/** A channel as the scheduler sends it in settings.changed: destination and secrets sealed. */
export function sealed(channel: Channel): Channel {
  const settings: Record<string, unknown> = { ...channel.settings };
  for (const key of SECRETS) {
    const value = settings[key];
    if (typeof value === 'string') settings[key] = box.seal(value);
  }
  return { ...channel, url_or_host: box.seal(channel.url_or_host), settings };
}

let channelNumber = 0;

/** A channel subscribed to `alert`, enabled; `overrides` replace fields. */
export function channel(overrides: Partial<Channel> & Pick<Channel, 'kind' | 'url_or_host'>) {
  channelNumber += 1;
  return {
    id: `ch-${channelNumber}`,
    name: `Channel ${channelNumber}`,
    settings: {},
    events: ['alert'],
    enabled: true,
    ...overrides,
  } satisfies Channel;
}

/** The owner publishes these channels (sealed) and `public_url`; resolves once applied. */
export function useChannels(
  world: World,
  channels: Channel[],
  more: Partial<GeneralSettings> = {},
): Promise<void> {
  return publishSettings(world.service, {
    notifications: { channels: channels.map(sealed) },
    public_url: null,
    ...more,
  });
}

/** A notification as cleanup publishes it; `overrides` replace fields. */
export function requested(overrides: Partial<Requested> = {}): Requested {
  return {
    event: 'alert',
    subject: `alert/${randomUUID()}`,
    severity: 'warning',
    title: 'Sync held back a mass removal',
    message: 'The library sync would remove many items at once, so it waits for you.',
    facts: [
      { label: 'Movies to remove', value: '12' },
      { label: 'Episodes to remove', value: '340' },
    ],
    ui_page: '/alerts',
    occurred_at: new Date().toISOString(),
    ...overrides,
  };
}

/** Publishes as cleanup's relay does and waits until webhooks has handled (and acked) it. */
export async function publishRequested(world: World, notification: Requested): Promise<void> {
  const messageId = randomUUID();
  await world.publisher.publish('notification.requested', notification, { messageId });
  await waitFor(
    async () => (await world.service.db.inboxMessage.count({ where: { messageId } })) === 1,
    { what: `notification ${notification.subject} handled` },
  );
}

/** The delivery rows of a notification, by channel id. */
export async function deliveriesOf(world: World, subject: string) {
  const rows = await world.service.db.notificationDelivery.findMany({
    where: { notification: { subject } },
    orderBy: { id: 'asc' },
  });
  return new Map(rows.map((row) => [row.channelId, row]));
}

/** Waits until the delivery of `subject` to `channelId` has left `pending`. */
export function settled(world: World, subject: string, channelId: string) {
  return waitFor(
    async () => {
      const row = (await deliveriesOf(world, subject)).get(channelId);
      return row && row.status !== 'pending' ? row : undefined;
    },
    { what: `delivery of ${subject} to ${channelId} to settle` },
  );
}

export interface Mail {
  from: string;
  to: string[];
  raw: string;
}

/** A local SMTP sink that records each message it accepts. */
export async function startMailSink(options: { reject?: boolean } = {}) {
  const mails: Mail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (options.reject) {
          callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
          return;
        }
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, mails, close: () => new Promise<void>((resolve) => server.close(resolve)) };
}
