/**
 * Sends one notification to one channel, once, and says how it went: the delivery loop and the
 * test route both come here. HTTP kinds go through the webhooks sender (delivery/sender.ts:
 * the destination guard on every attempt, one deadline, no redirects, a bounded response
 * read); e-mail through mail-sender.ts. Error text is redacted of the channel's secrets (its
 * URL often is one) before anyone sees it.
 */
import type { Resolve, send } from '../delivery/sender';
import type { DestinationPolicy } from '../domain/destination-guard';
import { channelSecrets, type SendableChannel } from '../domain/notification-channel';
import type { NotificationContent } from '../domain/notification-content';
import { mailMessage } from '../domain/notification-mail';
import { httpMessage } from '../domain/notification-requests';
import { httpOutcome } from '../domain/notification-retry';
import { attemptError } from '../domain/redaction';
import type { Outcome } from '../domain/retry-policy';
import { sendMail } from './mail-sender';

export interface ChannelResult {
  outcome: Outcome;
  /** The HTTP status the channel answered; null for e-mail and when none came. */
  statusCode: number | null;
  /** Redacted, at most 600 characters; null when delivered. */
  error: string | null;
}

export interface SendContext {
  policy: DestinationPolicy;
  timeoutMs: number;
  /** The service version for `User-Agent`. */
  version: string;
  send: typeof send;
  resolve?: Resolve;
}

export async function sendToChannel(
  channel: SendableChannel,
  content: NotificationContent,
  context: SendContext,
): Promise<ChannelResult> {
  const secrets = channelSecrets(channel);
  const { options } = channel;
  if (options.kind === 'smtp') {
    const target = { host: channel.destination, options, secrets };
    const result = await sendMail(target, mailMessage(content), context);
    return { ...result, statusCode: null };
  }
  const message = httpMessage(content, channel.destination, options);
  const result = await context.send(
    {
      method: 'POST',
      url: message.url,
      headers: { 'User-Agent': `MediaCleanupService/${context.version}`, ...message.headers },
      body: message.body,
      timeoutMs: context.timeoutMs,
    },
    { policy: context.policy, resolve: context.resolve },
  );
  return {
    outcome: httpOutcome(result),
    statusCode: result.statusCode,
    error: attemptError(result, { secrets, paths: [] }),
  };
}
