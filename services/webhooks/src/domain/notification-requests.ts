/**
 * One HTTP request per channel kind, laid out the way its app shows a message well (issue 28):
 * Discord and Slack webhooks, ntfy, Gotify and a plain JSON webhook. Pure: the request goes out
 * through the webhooks sender (delivery/sender.ts), which applies the destination guard.
 */
import type { ChannelOptions } from './notification-channel';
import {
  type NotificationContent,
  oneLine,
  plainBody,
  type Severity,
} from './notification-content';

export interface HttpMessage {
  url: string;
  headers: Record<string, string>;
  body: Buffer;
}

type HttpOptions = Exclude<ChannelOptions, { kind: 'smtp' }>;

export function httpMessage(
  content: NotificationContent,
  destination: string,
  options: HttpOptions,
): HttpMessage {
  switch (options.kind) {
    case 'discord':
      return json(destination, discordBody(content, options.username));
    case 'slack':
      return json(destination, slackBody(content, options.username));
    case 'ntfy':
      return ntfyMessage(content, destination, options);
    case 'gotify':
      return gotifyMessage(content, destination, options);
    case 'json_webhook':
      return json(destination, {
        event: content.event,
        subject: content.subject,
        severity: content.severity,
        title: content.title,
        message: content.message,
        facts: content.facts,
        url: content.link,
        occurred_at: content.occurredAt,
      });
  }
}

function json(url: string, body: unknown, headers: Record<string, string> = {}): HttpMessage {
  return {
    url,
    headers: { 'Content-Type': 'application/json', ...headers },
    body: Buffer.from(JSON.stringify(body), 'utf8'),
  };
}

const DISCORD_COLOUR: Record<Severity, number> = {
  info: 0x3b82f6,
  warning: 0xf59e0b,
  critical: 0xdc2626,
};

/** One embed; a fact's empty value would be refused by Discord, so it shows a dash. */
function discordBody(content: NotificationContent, username: string | null) {
  return {
    ...(username === null ? {} : { username }),
    // The text comes from media titles: it must never ping @everyone or a role.
    allowed_mentions: { parse: [] },
    embeds: [
      {
        title: content.title,
        description: content.message,
        ...(content.link === null ? {} : { url: content.link }),
        color: DISCORD_COLOUR[content.severity],
        fields: content.facts.map(({ label, value }) => ({
          name: label,
          value: value === '' ? '-' : value,
          inline: true,
        })),
        timestamp: content.occurredAt,
      },
    ],
  };
}

/** Slack's mrkdwn gives `&`, `<` and `>` a meaning: escaped as its docs ask. */
const slackEscape = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** `text` is the fallback shown in notifications; the blocks are what the channel shows. */
function slackBody(content: NotificationContent, username: string | null) {
  const blocks: unknown[] = [
    // A header holds at most 150 characters of plain text.
    { type: 'header', text: { type: 'plain_text', text: oneLine(content.title, 150) } },
    { type: 'section', text: { type: 'mrkdwn', text: slackEscape(content.message) } },
  ];
  if (content.facts.length > 0)
    blocks.push({
      type: 'section',
      fields: content.facts.map(({ label, value }) => ({
        type: 'mrkdwn',
        text: `*${slackEscape(label)}*\n${slackEscape(value)}`,
      })),
    });
  if (content.link !== null)
    blocks.push({
      type: 'section',
      text: { type: 'mrkdwn', text: `<${content.link}|Open in Media Cleanup Service>` },
    });
  return {
    ...(username === null ? {} : { username }),
    text: `${content.title}: ${content.message}`,
    blocks,
  };
}

/** ntfy's 1 (min) … 5 (max); 3 is its default. */
const NTFY_PRIORITY: Record<Severity, number> = { info: 3, warning: 4, critical: 5 };
/** ntfy shows a tag that names an emoji as that emoji, before the title. */
const NTFY_TAG: Record<Severity, string> = {
  info: 'information_source',
  warning: 'warning',
  critical: 'rotating_light',
};

/** POST {url}/{topic}: the body is the text, everything else travels in headers. */
function ntfyMessage(
  content: NotificationContent,
  base: string,
  options: Extract<ChannelOptions, { kind: 'ntfy' }>,
): HttpMessage {
  const headers: Record<string, string> = {
    'Content-Type': 'text/plain; charset=utf-8',
    Title: headerText(content.title),
    Priority: String(options.priority ?? NTFY_PRIORITY[content.severity]),
    Tags: `${NTFY_TAG[content.severity]},${content.event}`,
  };
  if (content.link !== null) headers.Click = content.link;
  if (options.token !== null) headers.Authorization = `Bearer ${options.token}`;
  else if (options.username !== null)
    headers.Authorization = basic(options.username, options.password ?? '');
  return {
    url: joinPath(base, encodeURIComponent(options.topic)),
    headers,
    body: Buffer.from(plainBody(content), 'utf8'),
  };
}

/** Gotify's 0 … 10: 4 and up make a sound on Android, 8 and up a pop-up. */
const GOTIFY_PRIORITY: Record<Severity, number> = { info: 4, warning: 6, critical: 8 };

/** POST {url}/message with the application token; the message is Markdown. */
function gotifyMessage(
  content: NotificationContent,
  base: string,
  options: Extract<ChannelOptions, { kind: 'gotify' }>,
): HttpMessage {
  const lines = [markdownEscape(content.message)];
  if (content.facts.length > 0)
    lines.push(
      '',
      ...content.facts.map((f) => `- **${markdownEscape(f.label)}:** ${markdownEscape(f.value)}`),
    );
  if (content.link !== null) lines.push('', `[Open in Media Cleanup Service](${content.link})`);
  const extras: Record<string, unknown> = {
    'client::display': { contentType: 'text/markdown' },
  };
  if (content.link !== null) extras['client::notification'] = { click: { url: content.link } };
  return json(
    joinPath(base, 'message'),
    {
      title: content.title,
      message: lines.join('\n'),
      priority: options.priority ?? GOTIFY_PRIORITY[content.severity],
      extras,
    },
    { 'X-Gotify-Key': options.token },
  );
}

/** Markdown's punctuation in outside text (a media title) is shown as written. */
function markdownEscape(text: string): string {
  let out = '';
  for (const char of text) out += '\\`*_[]()#<>!|'.includes(char) ? `\\${char}` : char;
  return out;
}

/** The base URL's path with one more segment, keeping a reverse proxy's path prefix. */
export function joinPath(base: string, segment: string): string {
  const url = new URL(base);
  let end = url.pathname.length;
  while (end > 0 && url.pathname[end - 1] === '/') end -= 1;
  url.pathname = `${url.pathname.slice(0, end)}/${segment}`;
  return url.toString();
}

/**
 * A header value on one line; text beyond Latin-1 as an RFC 2047 encoded word, which ntfy
 * decodes (Node refuses such characters in a header).
 */
function headerText(text: string): string {
  const line = oneLine(text, 200);
  for (const char of line) {
    if (char.charCodeAt(0) > 0x7e)
      return `=?UTF-8?B?${Buffer.from(line, 'utf8').toString('base64')}?=`;
  }
  return line;
}

function basic(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}`;
}
