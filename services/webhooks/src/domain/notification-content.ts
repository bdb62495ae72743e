/**
 * What a notification says, whatever the channel (docs/decisions/026): the producer's title,
 * message and facts, and a link into the UI only when both `public_url` and the page are set.
 * Pure; each channel kind lays it out in notification-requests.ts / notification-mail.ts.
 */
import type { MessagePayload } from '@mcs/contracts';

export type NotificationRequested = MessagePayload<'notification.requested'>;
export type Severity = NotificationRequested['severity'];
export type Fact = NotificationRequested['facts'][number];

export interface NotificationContent {
  event: NotificationRequested['event'];
  subject: string;
  severity: Severity;
  title: string;
  message: string;
  facts: readonly Fact[];
  /** `public_url` + `ui_page`, or null when either is unset. */
  link: string | null;
  occurredAt: string;
}

/** The page's absolute address: `public_url` without its trailing slashes, then the page. */
export function linkOf(publicUrl: string | null, uiPage: string | null): string | null {
  if (publicUrl === null || uiPage === null) return null;
  let end = publicUrl.length;
  while (end > 0 && publicUrl[end - 1] === '/') end -= 1;
  return publicUrl.slice(0, end) + uiPage;
}

export function contentOf(
  notification: NotificationRequested,
  publicUrl: string | null,
): NotificationContent {
  return {
    event: notification.event,
    subject: notification.subject,
    severity: notification.severity,
    title: notification.title,
    message: notification.message,
    facts: notification.facts,
    link: linkOf(publicUrl, notification.ui_page),
    occurredAt: notification.occurred_at,
  };
}

/** The short message the test route sends (internal-api.md 6.2). */
export function testContent(publicUrl: string | null, now: Date): NotificationContent {
  return {
    event: 'alert',
    subject: 'test',
    severity: 'info',
    title: 'Media Cleanup Service test notification',
    message: 'This channel works: notifications from Media Cleanup Service will arrive here.',
    facts: [],
    link: linkOf(publicUrl, '/settings/notifications'),
    occurredAt: now.toISOString(),
  };
}

/** The facts as plain lines, `label: value`. */
export function factLines(facts: readonly Fact[]): string[] {
  return facts.map(({ label, value }) => `${label}: ${value}`);
}

/** The message, a blank line and the facts: the body of the plain-text kinds. */
export function plainBody(content: NotificationContent): string {
  const facts = factLines(content.facts);
  return facts.length === 0 ? content.message : `${content.message}\n\n${facts.join('\n')}`;
}

/**
 * One line of text for a header or a title: control characters (a line break would end a
 * header) become spaces, and the text is cut to `max` code points.
 */
export function oneLine(text: string, max: number): string {
  let out = '';
  let count = 0;
  for (const char of text) {
    if (count === max) break;
    const code = char.charCodeAt(0);
    out += code < 0x20 || (code >= 0x7f && code <= 0x9f) ? ' ' : char;
    count += 1;
  }
  return out;
}
