import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { generateSigningSecret, rotate, sign, webhookHeaders } from '../../src/domain/signing';

const now = new Date();
const body = '{"schema_version":1,"id":"5d0b6c1e-3f2a-4e7b-9a51-8c2f0d9e1a34"}';
const message = { id: '5d0b6c1e-3f2a-4e7b-9a51-8c2f0d9e1a34', timestamp: now, body };

/** What the stock library accepts (it also enforces its 5-minute timestamp tolerance). */
const verifies = (secret: string, headers: Record<string, string>, payload = body): boolean => {
  try {
    new Webhook(secret).verify(payload, headers);
    return true;
  } catch {
    return false;
  }
};

test('secrets are whsec_ plus the base64 of 32 random bytes, different every time', () => {
  const first = generateSigningSecret();
  expect(first).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  expect(Buffer.from(first.slice(6), 'base64')).toHaveLength(32);
  expect(generateSigningSecret()).not.toBe(first);
});

test('the signature is base64 HMAC-SHA256 of id.timestamp.body keyed by the decoded secret', () => {
  const secret = generateSigningSecret();
  const headers = webhookHeaders(message, {
    current: secret,
    previous: null,
    previousExpiresAt: null,
  });
  const seconds = String(Math.floor(now.getTime() / 1000));
  const expected = createHmac('sha256', Buffer.from(secret.slice(6), 'base64'))
    .update(`${message.id}.${seconds}.${body}`)
    .digest('base64');
  expect(headers).toEqual({
    'webhook-id': message.id,
    'webhook-timestamp': seconds,
    'webhook-signature': `v1,${expected}`,
  });
  expect(verifies(secret, headers)).toBe(true);
  expect(verifies(secret, headers, `${body} `)).toBe(false);
  expect(verifies(generateSigningSecret(), headers)).toBe(false);
});

test('an empty (GET) body signs content ending in "." and verifies', () => {
  const secret = generateSigningSecret();
  const headers = webhookHeaders(
    { ...message, body: '' },
    { current: secret, previous: null, previousExpiresAt: null },
  );
  expect(verifies(secret, headers, '')).toBe(true);
  expect(sign(secret, { ...message, body: '' })).toBe(
    sign(secret, { ...message, body: Buffer.alloc(0) }),
  );
});

test('during the grace period both secrets verify, new signature first; after it only the new', () => {
  const old = generateSigningSecret();
  const rotated = rotate({ current: old }, 24, now);
  expect(rotated.previous).toBe(old);
  expect(rotated.previousExpiresAt).toEqual(new Date(now.getTime() + 24 * 3_600_000));
  const during = webhookHeaders(message, rotated);
  const signatures = (during['webhook-signature'] ?? '').split(' ');
  expect(signatures).toEqual([sign(rotated.current, message), sign(old, message)]);
  expect(verifies(rotated.current, during)).toBe(true);
  expect(verifies(old, during)).toBe(true);

  const later = { ...message, timestamp: new Date(now.getTime() + 24 * 3_600_000) };
  expect(webhookHeaders(later, rotated)['webhook-signature']).toBe(sign(rotated.current, later));
});

test('a zero grace period ends the old secret at once; a second rotation drops the oldest', () => {
  const old = generateSigningSecret();
  const immediate = rotate({ current: old }, 0, now);
  expect(immediate).toMatchObject({ previous: null, previousExpiresAt: null });
  expect(verifies(old, webhookHeaders(message, immediate))).toBe(false);

  const first = rotate({ current: old }, 24, now);
  const second = rotate(first, 24, now);
  const headers = webhookHeaders(message, second);
  expect(headers['webhook-signature']?.split(' ')).toHaveLength(2);
  expect(verifies(second.current, headers)).toBe(true);
  expect(verifies(first.current, headers)).toBe(true);
  expect(verifies(old, headers)).toBe(false);
});

test('an unsaved endpoint test carries id and timestamp but no signature', () => {
  expect(Object.keys(webhookHeaders(message, null)).sort()).toEqual([
    'webhook-id',
    'webhook-timestamp',
  ]);
});
