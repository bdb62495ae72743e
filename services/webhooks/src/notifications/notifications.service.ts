import { schemaErrors } from '@mcs/contracts';
import {
  type Clock,
  type FieldError,
  Input,
  Invalid,
  type Logger,
  NotFound,
  type SecretBox,
} from '@mcs/kit';
import type { Db, Tx } from '../db';
import type { Resolve, send } from '../delivery/sender';
import {
  type NotificationChannel,
  openChannel,
  readChannel,
  type SendableChannel,
  withKeptValues,
} from '../domain/notification-channel';
import {
  contentOf,
  type NotificationContent,
  type NotificationRequested,
  testContent,
} from '../domain/notification-content';
import { afterNotificationAttempt } from '../domain/notification-retry';
import { notificationSettings, type WebhookSettings } from '../settings/webhook-settings';
import { type ChannelResult, sendToChannel } from './channel-sender';
import { type ClaimedNotification, notificationRepository } from './notification.repository';
import { testResultView } from './notification.view';

export interface NotificationTiming {
  /** One attempt's deadline (connect, send, answer). */
  timeoutMs: number;
  /** The retry schedule's unit (notification-retry.ts): 30 s in production. */
  retryBaseMs: number;
}

interface Deps {
  db: Db;
  box: SecretBox;
  clock: Clock;
  log: Logger;
  settings: WebhookSettings;
  /** The service version for `User-Agent`. */
  version: string;
  send: typeof send;
  resolve?: Resolve;
  timing: NotificationTiming;
}

/** A test's deadline at most: below the gateway's 10 s for an internal call. */
const TEST_TIMEOUT_MS = 8_000;
/** Room for the claim and the record around an attempt's own deadline. */
const LEASE_MARGIN_MS = 30_000;

/**
 * Notifications for the administrators (docs/decisions/026, issue 28): kept once per (event,
 * subject) with one delivery per channel subscribed at that moment, each sent on its own and
 * retried with backoff (dispatcher.ts), and the settings' test route.
 */
export class NotificationsService {
  constructor(private readonly deps: Deps) {}

  /**
   * notification.requested, in the consumer's inbox transaction: the notification and its
   * deliveries, or nothing when this (event, subject) was already kept. Returns how many
   * deliveries were created. Nothing here waits on a channel.
   */
  async request(tx: Tx, requested: NotificationRequested): Promise<number> {
    const { channels } = await notificationSettings(this.deps.settings);
    const subscribed = channels.flatMap((channel) =>
      channel.enabled && channel.id !== undefined && channel.events.includes(requested.event)
        ? [{ id: channel.id, name: channel.name }]
        : [],
    );
    const id = await notificationRepository.insertOnce(tx, requested);
    if (id === null) return 0;
    return notificationRepository.insertDeliveries(tx, id, subscribed);
  }

  /** Due deliveries for the dispatcher, each leased for the length of one attempt. */
  claim(take: number): Promise<ClaimedNotification[]> {
    const leaseMs = this.deps.timing.timeoutMs + LEASE_MARGIN_MS;
    return notificationRepository.claimDue(this.deps.db, take, leaseMs);
  }

  nextDueInMs(): Promise<number | null> {
    return notificationRepository.nextDueInMs(this.deps.db);
  }

  /**
   * One attempt of a claimed delivery, with the channel as the settings hold it now (a fixed
   * URL serves the next retry): load → send → decide → record.
   */
  async attempt(claimed: ClaimedNotification): Promise<void> {
    const { db, log } = this.deps;
    const { channels, publicUrl, policy } = await notificationSettings(this.deps.settings);
    const saved = channels.find((channel) => channel.id === claimed.channelId);
    if (!saved?.enabled) {
      const reason = saved ? 'The channel was disabled' : 'The channel was removed';
      return notificationRepository.cancel(db, claimed.id, reason);
    }
    const sendable = this.sendable(saved);
    const result: ChannelResult = sendable.ok
      ? await this.sendNow(sendable.channel, contentOf(claimed.notification, publicUrl), policy)
      : { outcome: 'permanent_failure', statusCode: null, error: sendable.error };
    const attempt = claimed.attempts + 1;
    const decision = afterNotificationAttempt(
      result.outcome,
      attempt,
      this.deps.timing.retryBaseMs,
    );
    await notificationRepository.record(db, claimed.id, claimed.attempts, {
      status: decision.status,
      statusCode: result.statusCode,
      error: result.error,
      retryInMs: decision.retryInMs,
    });
    const facts = { delivery: String(claimed.id), channel: claimed.channelId, attempt };
    if (decision.status === 'failed')
      log.warn({ ...facts, error: result.error }, 'notification failed');
    else log.info({ ...facts, status: decision.status }, 'notification attempt');
  }

  /**
   * POST /api/settings/notifications/test: a short message now, no retry; 200 whatever the
   * channel did (internal-api.md 6.2).
   */
  async test(body: unknown) {
    const request = readTestRequest(body);
    const { channels, publicUrl, policy } = await notificationSettings(this.deps.settings);
    const content = testContent(publicUrl, this.deps.clock());
    let sendable: { ok: true; channel: SendableChannel } | { ok: false; error: string };
    if ('channelId' in request) {
      const saved = channels.find((channel) => channel.id === request.channelId);
      if (!saved) throw new NotFound(`No notification channel has the id ${request.channelId}.`);
      sendable = this.sendable(saved);
    } else {
      sendable = this.unsaved(request.channel, channels);
    }
    if (!sendable.ok)
      return testResultView({
        outcome: 'permanent_failure',
        statusCode: null,
        error: sendable.error,
      });
    // The gateway gives an internal call 10 s (INTERNAL_TIMEOUT_MS): the test ends before, so
    // a hanging channel reads as a failed test, not as the gateway's 504.
    const timeoutMs = Math.min(this.deps.timing.timeoutMs, TEST_TIMEOUT_MS);
    return testResultView(await this.sendNow(sendable.channel, content, policy, timeoutMs));
  }

  private sendNow(
    channel: SendableChannel,
    content: NotificationContent,
    policy: { blockPrivate: boolean },
    timeoutMs = this.deps.timing.timeoutMs,
  ): Promise<ChannelResult> {
    const { version, send, resolve } = this.deps;
    return sendToChannel(channel, content, {
      policy,
      timeoutMs,
      version,
      send,
      resolve,
    });
  }

  /** A saved channel (sealed) ready to send to, or why it cannot be (never a secret). */
  private sendable(
    saved: NotificationChannel,
  ): { ok: true; channel: SendableChannel } | { ok: false; error: string } {
    let opened: NotificationChannel;
    try {
      opened = openChannel(saved, (sealed) => this.deps.box.open(sealed));
    } catch {
      return { ok: false, error: UNREADABLE };
    }
    const read = readChannel(opened);
    if (read.ok) return read;
    return {
      ok: false,
      error: `Invalid channel settings: ${read.problems.map((p) => p.field).join(', ')}`,
    };
  }

  /** An unsaved channel: MASK takes the saved value; a bad setting is the caller's 422. */
  private unsaved(
    channel: NotificationChannel,
    channels: readonly NotificationChannel[],
  ): { ok: true; channel: SendableChannel } | { ok: false; error: string } {
    const saved = channels.find(
      (candidate) => candidate.id !== undefined && candidate.id === channel.id,
    );
    let kept;
    try {
      kept = withKeptValues(channel, saved, (sealed) => this.deps.box.open(sealed));
    } catch {
      return { ok: false, error: UNREADABLE };
    }
    if (!kept.ok) throw invalidChannel(kept.problems);
    const read = readChannel(kept.channel);
    if (!read.ok) throw invalidChannel(read.problems);
    return read;
  }
}

const UNREADABLE =
  'Channel secrets cannot be decrypted (was the encryption key changed?): enter them again';

type TestRequest = { channelId: string } | { channel: NotificationChannel };

/** `{channel_id}` or `{channel}`, exactly one; the channel checked against its contract. */
function readTestRequest(body: unknown): TestRequest {
  const input = Input.body(body);
  const keys = typeof body === 'object' && body !== null ? Object.keys(body) : [];
  const unknown = keys.filter((key) => key !== 'channel_id' && key !== 'channel');
  for (const key of unknown) input.fail(key, 'Is not a field of this request.');
  if (input.has('channel_id') === input.has('channel')) {
    input.fail('body', 'Send either channel_id or channel.');
    input.done();
  }
  if (input.has('channel_id')) {
    const id = input.string('channel_id', { min: 1, max: 64 });
    input.done();
    return { channelId: id ?? '' };
  }
  input.done();
  const channel = input.raw('channel');
  const errors = schemaErrors('NotificationChannel', channel);
  if (errors.length > 0)
    throw new Invalid(
      errors.map(({ pointer, message }) => ({
        in: 'body',
        name: `channel${pointer.split('/').join('.')}`,
        message,
      })),
    );
  // Checked against its schema just above: the generated type describes exactly that.
  return { channel: channel as NotificationChannel };
}

function invalidChannel(problems: readonly { field: string; message: string }[]): Invalid {
  return new Invalid(
    problems.map(({ field, message }): FieldError => ({
      in: 'body',
      name: `channel.${field}`,
      message,
    })),
  );
}
