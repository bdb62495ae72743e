import { contentOf, linkOf, testContent } from '../../src/domain/notification-content';
import { mailMessage } from '../../src/domain/notification-mail';
import { httpMessage, joinPath } from '../../src/domain/notification-requests';
import { afterNotificationAttempt } from '../../src/domain/notification-retry';

/** The pure rules of notifications: links, each kind's escaping, the retry schedule (issue 28). */
const content = contentOf(
  {
    event: 'delete_failed',
    subject: 'operation/9',
    severity: 'critical',
    title: 'Délai <dépassé> & *bold*',
    message: 'Line one\nLine <two>',
    facts: [{ label: 'Failed', value: '' }],
    ui_page: '/operations/9',
    occurred_at: '2026-11-28T10:00:00.000Z',
  },
  'https://mcs.example.org//',
);

const bodyOf = (message: { body: Buffer }) =>
  JSON.parse(message.body.toString('utf8')) as Record<string, unknown>;

test('a link needs both public_url and the page, and joins them with one slash', () => {
  expect(content.link).toBe('https://mcs.example.org/operations/9');
  expect(linkOf(null, '/alerts')).toBeNull();
  expect(linkOf('https://mcs.example.org', null)).toBeNull();
  expect(testContent(null, new Date()).link).toBeNull();
});

test('ntfy gets a non-ASCII title as an encoded word, the critical priority and the topic after a path prefix', () => {
  const message = httpMessage(content, 'https://ntfy.example.org/base/', {
    kind: 'ntfy',
    topic: 'media alerts',
    priority: null,
    token: null,
    username: 'bob',
    password: 'pw',
  });
  expect(message.url).toBe('https://ntfy.example.org/base/media%20alerts');
  expect(message.headers.Title).toBe(
    `=?UTF-8?B?${Buffer.from('Délai <dépassé> & *bold*').toString('base64')}?=`,
  );
  expect(message.headers.Priority).toBe('5');
  expect(message.headers.Authorization).toBe(`Basic ${Buffer.from('bob:pw').toString('base64')}`);
  expect(message.body.toString()).toBe('Line one\nLine <two>\n\nFailed: ');
});

test('Slack escapes its control characters, Discord shows an empty fact as a dash, Gotify escapes Markdown', () => {
  const slack = JSON.stringify(
    bodyOf(httpMessage(content, 'https://hooks.slack.com/x', { kind: 'slack', username: null })),
  );
  expect(slack).toContain('Line &lt;two&gt;');
  const discord = bodyOf(
    httpMessage(content, 'https://discord.com/api/webhooks/1/x', {
      kind: 'discord',
      username: null,
    }),
  );
  expect(discord).toMatchObject({
    embeds: [{ fields: [{ name: 'Failed', value: '-' }], color: 0xdc2626 }],
  });
  expect(discord).not.toHaveProperty('username');
  const gotify = bodyOf(
    httpMessage(content, 'https://gotify.example.org', {
      kind: 'gotify',
      token: 't',
      priority: null,
    }),
  );
  expect(gotify).toMatchObject({ title: 'Délai <dépassé> & *bold*', priority: 8 });
  expect(gotify.message).toContain('Line \\<two\\>');
  expect(joinPath('https://gotify.example.org', 'message')).toBe(
    'https://gotify.example.org/message',
  );
});

test('the e-mail HTML escapes every outside value; the text carries the link', () => {
  const mail = mailMessage(content);
  expect(mail.subject).toBe('Délai <dépassé> & *bold*');
  expect(mail.html).toContain('<h2>Délai &lt;dépassé&gt; &amp; *bold*</h2>');
  expect(mail.html).toContain('Line one<br>Line &lt;two&gt;');
  expect(mail.text).toBe(
    'Line one\nLine <two>\n\nFailed: \n\nhttps://mcs.example.org/operations/9',
  );
});

test('retries come 1, 4, 20, 60 and 120 bases apart, a final answer stops them, and the 8th failure is the last', () => {
  const delays = [1, 2, 3, 4, 5, 6, 7].map(
    (attempt) => afterNotificationAttempt('retryable_failure', attempt, 30_000).retryInMs,
  );
  expect(delays).toEqual([30_000, 120_000, 600_000, 1_800_000, 3_600_000, 3_600_000, 3_600_000]);
  expect(afterNotificationAttempt('retryable_failure', 8, 30_000)).toEqual({
    status: 'failed',
    retryInMs: null,
  });
  expect(afterNotificationAttempt('permanent_failure', 1, 30_000).status).toBe('failed');
  expect(afterNotificationAttempt('delivered', 3, 30_000).status).toBe('delivered');
});
