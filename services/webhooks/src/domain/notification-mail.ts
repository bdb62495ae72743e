/**
 * The e-mail of a notification (issue 28): the title as subject, a plain-text body and a
 * simple HTML one with every outside value escaped. Pure; mail-sender.ts sends it.
 */
import { type NotificationContent, oneLine, plainBody } from './notification-content';

export interface MailMessage {
  subject: string;
  text: string;
  html: string;
}

export function mailMessage(content: NotificationContent): MailMessage {
  const link = content.link;
  const text = link === null ? plainBody(content) : `${plainBody(content)}\n\n${link}`;
  const rows = content.facts
    .map(
      ({ label, value }) =>
        `<tr><th align="left">${escape(label)}</th><td>${escape(value)}</td></tr>`,
    )
    .join('');
  const html = [
    `<h2>${escape(content.title)}</h2>`,
    `<p>${escape(content.message).replaceAll('\n', '<br>')}</p>`,
    rows === '' ? '' : `<table cellpadding="4">${rows}</table>`,
    link === null ? '' : `<p><a href="${escape(link)}">Open in Media Cleanup Service</a></p>`,
  ].join('');
  return { subject: oneLine(content.title, 200), text, html };
}

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escape(text: string): string {
  let out = '';
  for (const char of text) out += ENTITIES[char] ?? char;
  return out;
}
