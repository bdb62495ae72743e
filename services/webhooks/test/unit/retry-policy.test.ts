import type { AttemptResult, FailureKind } from '../../src/domain/attempt-result';
import { classify, decideAfterAttempt, parseRetryAfter } from '../../src/domain/retry-policy';

const now = new Date('2026-03-01T12:00:00.000Z');
const MINUTE = 60_000;

const response = (statusCode: number, retryAfter: string | null = null): AttemptResult => ({
  statusCode,
  durationMs: 12,
  bodyExcerpt: '',
  retryAfter,
  error: null,
});
const failure = (kind: FailureKind): AttemptResult => ({
  statusCode: null,
  durationMs: 12,
  bodyExcerpt: '',
  retryAfter: null,
  error: { kind, message: kind },
});
const delayOf = (decision: { nextAttemptAt: Date | null }) =>
  decision.nextAttemptAt === null ? null : decision.nextAttemptAt.getTime() - now.getTime();

test('§4.3: 2xx delivers; network errors, 408, 425, 429, 5xx retry; everything else fails', () => {
  for (const status of [200, 201, 204, 299]) expect(classify(response(status))).toBe('delivered');
  for (const status of [408, 425, 429, 500, 502, 503, 599])
    expect([status, classify(response(status))]).toEqual([status, 'retryable_failure']);
  for (const status of [100, 199, 301, 302, 304, 307, 400, 401, 403, 404, 409, 410, 422])
    expect([status, classify(response(status))]).toEqual([status, 'permanent_failure']);
  for (const kind of [
    'timeout',
    'dns',
    'connection_refused',
    'connection_reset',
    'tls',
    'network',
    // Catalog could not give a template's path values: it will, and the request needs them.
    'paths_unavailable',
  ] as const)
    expect(classify(failure(kind))).toBe('retryable_failure');
  for (const kind of [
    'destination_not_allowed',
    'origin_changed',
    'dot_segments',
    'body_too_large',
  ] as const)
    expect(classify(failure(kind))).toBe('permanent_failure');
});

test('§4.4: retries after 1 m, 5 m, 30 m, 2 h, 12 h without jitter; the 6th failure is final', () => {
  const noJitter = () => 0;
  const delays = [1, 2, 3, 4, 5].map((n) =>
    delayOf(decideAfterAttempt(response(503), n, now, noJitter)),
  );
  expect(delays).toEqual([1, 5, 30, 120, 720].map((m) => m * MINUTE));
  expect(decideAfterAttempt(response(503), 6, now, noJitter)).toEqual({
    outcome: 'retryable_failure',
    status: 'failed',
    retryAfterSeconds: null,
    nextAttemptAt: null,
  });
});

test('jitter only lengthens a scheduled delay, by less than 10 %', () => {
  const highest = delayOf(decideAfterAttempt(failure('timeout'), 1, now, () => 0.999_999_9));
  expect(highest).toBeGreaterThan(MINUTE);
  expect(highest).toBeLessThan(MINUTE * 1.1);
  expect(delayOf(decideAfterAttempt(failure('timeout'), 2, now, () => 0.5))).toBe(
    5 * MINUTE * 1.05,
  );
});

test('Retry-After replaces the schedule, without jitter, and is recorded', () => {
  const decision = decideAfterAttempt(response(503, '120'), 1, now, () => 0.9);
  expect(decision).toMatchObject({ status: 'pending', retryAfterSeconds: 120 });
  expect(delayOf(decision)).toBe(120_000);
  const dated = decideAfterAttempt(response(429, 'Sun, 01 Mar 2026 12:10:00 GMT'), 3, now);
  expect(delayOf(dated)).toBe(10 * MINUTE);
});

test('Retry-After is clamped to 1 s … 24 h; unreadable values fall back to the schedule', () => {
  expect(parseRetryAfter('172800', now)).toBe(86_400);
  expect(parseRetryAfter('0', now)).toBe(1);
  expect(parseRetryAfter('Sun, 01 Mar 2026 11:00:00 GMT', now)).toBe(1);
  expect(parseRetryAfter('Wed, 04 Mar 2026 12:00:00 GMT', now)).toBe(86_400);
  for (const value of [null, '', '1.5', '-3', 'soon', '12abc'])
    expect([value, parseRetryAfter(value, now)]).toEqual([value, null]);
  expect(delayOf(decideAfterAttempt(response(503, 'soon'), 1, now, () => 0))).toBe(MINUTE);
});

test('the 6th failure is final even with Retry-After; permanent failures never schedule', () => {
  expect(decideAfterAttempt(response(503, '30'), 6, now)).toMatchObject({
    status: 'failed',
    nextAttemptAt: null,
    retryAfterSeconds: 30,
  });
  expect(decideAfterAttempt(response(404, '30'), 1, now)).toMatchObject({
    outcome: 'permanent_failure',
    status: 'failed',
    nextAttemptAt: null,
  });
  expect(decideAfterAttempt(response(204), 3, now)).toMatchObject({
    outcome: 'delivered',
    status: 'delivered',
    nextAttemptAt: null,
  });
});
