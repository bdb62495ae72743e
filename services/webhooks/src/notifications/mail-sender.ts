/**
 * E-mail notifications over SMTP (nodemailer), under the same destination guard as every
 * outbound request (events-webhooks.md 4.10): the host is resolved and judged first, and the
 * connection goes to the address judged, the configured name kept for TLS. Every phase is
 * bounded (connect, greeting, each reply) and so is the whole send.
 */
import { TimeoutError, withTimeout } from '@mcs/kit';
import nodemailer from 'nodemailer';
import { failureOf } from '../delivery/send-failures';
import { checkedAddresses, type Resolve } from '../delivery/sender';
import type { DestinationPolicy } from '../domain/destination-guard';
import type { ChannelOptions } from '../domain/notification-channel';
import { oneLine } from '../domain/notification-content';
import type { MailMessage } from '../domain/notification-mail';
import { redact } from '../domain/redaction';
import type { Outcome } from '../domain/retry-policy';

export interface MailResult {
  outcome: Outcome;
  /** Redacted, at most 600 characters; null when sent. */
  error: string | null;
}

export interface MailTarget {
  host: string;
  options: Extract<ChannelOptions, { kind: 'smtp' }>;
  /** Known secrets in clear, redacted from the server's reply. */
  secrets: readonly string[];
}

export async function sendMail(
  target: MailTarget,
  message: MailMessage,
  context: { policy: DestinationPolicy; resolve?: Resolve; timeoutMs: number },
): Promise<MailResult> {
  const { options } = target;
  // One deadline for the whole send, resolving included.
  const deadline = Date.now() + context.timeoutMs;
  let addresses;
  try {
    addresses = await withTimeout(checkedAddresses(target.host, context), context.timeoutMs);
  } catch (error) {
    return mailFailure(error, target.secrets, context.timeoutMs);
  }
  const [first] = addresses ?? [];
  if (!first) return failed('permanent_failure', 'Destination address is not allowed');
  const transport = nodemailer.createTransport({
    host: first.address,
    port: options.port,
    secure: options.secure,
    // The certificate is checked against the configured name, not the address connected to.
    servername: target.host,
    auth:
      options.username === null
        ? undefined
        : { user: options.username, pass: options.password ?? '' },
    connectionTimeout: context.timeoutMs,
    greetingTimeout: context.timeoutMs,
    socketTimeout: context.timeoutMs,
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  try {
    await withTimeout(
      transport.sendMail({ from: options.from, to: options.to, ...message }),
      Math.max(1, deadline - Date.now()),
    );
    return { outcome: 'delivered', error: null };
  } catch (error) {
    return mailFailure(error, target.secrets, context.timeoutMs);
  } finally {
    transport.close();
  }
}

const failed = (outcome: Outcome, error: string): MailResult => ({ outcome, error });

/**
 * A reply code decides like HTTP's: 4xx is "try later", 5xx is final. No reply: a network
 * failure, retried, described without the address (send-failures.ts); the server's own words
 * are redacted like a receiver's body (redaction.ts).
 */
function mailFailure(error: unknown, secrets: readonly string[], timeoutMs: number): MailResult {
  if (error instanceof TimeoutError)
    return failed('retryable_failure', `Timeout after ${Math.round(timeoutMs / 1000)} s`);
  const details = typeof error === 'object' && error !== null ? error : {};
  const code = 'responseCode' in details ? Number(details.responseCode) : NaN;
  const reply =
    'response' in details && typeof details.response === 'string' ? details.response : '';
  if (Number.isInteger(code) && code >= 400) {
    // The reply starts with its own code ("550 5.1.1 …"): said once.
    const words = reply.startsWith(String(code)) ? reply.slice(3).trimStart() : reply;
    const text = oneLine(redact(words, { secrets, paths: [] }), 580);
    return failed(
      code >= 500 ? 'permanent_failure' : 'retryable_failure',
      text.trim() === '' ? `SMTP ${code}` : `SMTP ${code}: ${text}`,
    );
  }
  if ('code' in details && details.code === 'EAUTH')
    return failed('permanent_failure', 'SMTP authentication failed');
  return failed('retryable_failure', failureOf(error).message);
}
