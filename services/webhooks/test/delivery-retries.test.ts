import { RETRY_DELAYS_MS } from '../src/domain/retry-policy';
import {
  afterAttempts,
  attemptLog,
  deliveryOf,
  newEndpoint,
  RANDOM,
  scriptedReceiver,
  untilDue,
  useDeliveryWorld,
} from './support/delivery-world';

/** Retry schedule, Retry-After, what is retried and what fails at once (§4.3, §4.4, §6 25–27). */
const world = useDeliveryWorld();

type Script = Parameters<typeof scriptedReceiver>[0];

/**
 * One endpoint per script, each answering with its script, and one event for all of them;
 * their deliveries after the first attempt.
 */
async function firstAttempts(...scripts: Script[]) {
  const receivers = await Promise.all(scripts.map((script) => scriptedReceiver(script)));
  const endpoints: { id: bigint }[] = [];
  for (const { url } of receivers)
    endpoints.push(await newEndpoint(world, { url, timeoutSeconds: 1 }));
  const event = await world.publish();
  return Promise.all(
    receivers.map(async (receiver, index) => {
      const delivery = await deliveryOf(world, event.id, endpoints[index]!.id);
      return { receiver, event, delivery: await afterAttempts(world, delivery.id, 1) };
    }),
  );
}

async function firstAttempt(script: Script) {
  const [only] = await firstAttempts(script);
  return only!;
}

test('503 five times and then 204: six attempts 1 m, 5 m, 30 m, 2 h and 12 h apart (plus jitter), then delivered', async () => {
  const { receiver, event, delivery } = await firstAttempt([503, 503, 503, 503, 503, 204]);
  for (let attempt = 2; attempt <= 6; attempt += 1) {
    await untilDue(world, delivery.id);
    await afterAttempts(world, delivery.id, attempt);
  }
  const row = await world.service.db.delivery.findUniqueOrThrow({ where: { id: delivery.id } });
  expect(row).toMatchObject({ status: 'delivered', attempts: 6, nextAttemptAt: null });
  expect(row.deliveredAt).not.toBeNull();
  const log = await attemptLog(world, delivery.id);
  expect(log.map((a) => [a.number, a.statusCode, a.outcome])).toEqual([
    [1, 503, 'retryable_failure'],
    [2, 503, 'retryable_failure'],
    [3, 503, 'retryable_failure'],
    [4, 503, 'retryable_failure'],
    [5, 503, 'retryable_failure'],
    [6, 204, 'delivered'],
  ]);
  const gaps = log.slice(1).map((a, i) => a.startedAt.getTime() - log[i]!.startedAt.getTime());
  // The injected jitter source answers 0.5: half of the allowed 10 %.
  expect(gaps).toEqual(RETRY_DELAYS_MS.map((base) => base * (1 + 0.1 * RANDOM)));
  expect(receiver.received).toHaveLength(6);
  expect(new Set(receiver.received.map((r) => r.headers['webhook-id']))).toEqual(
    new Set([event.id]),
  );
});

test('six 503s end failed, and no seventh request is made', async () => {
  const { receiver, delivery } = await firstAttempt([503]);
  for (let attempt = 2; attempt <= 6; attempt += 1) {
    await untilDue(world, delivery.id);
    await afterAttempts(world, delivery.id, attempt);
  }
  const row = await world.service.db.delivery.findUniqueOrThrow({ where: { id: delivery.id } });
  expect(row).toMatchObject({ status: 'failed', attempts: 6, nextAttemptAt: null });
  expect(row.lastError).toBe('HTTP 503');
  world.clock.advance(86_400_000);
  expect(await world.service.services.delivery.sweeper.sweep()).toBe(0);
  expect(receiver.received).toHaveLength(6);
});

test('Retry-After: 120 schedules the next attempt 120 s later; 172800 is capped at 24 h', async () => {
  const [twoMinutes, twoDays] = await firstAttempts(
    [{ status: 503, headers: { 'Retry-After': '120' } }, 204],
    [{ status: 429, headers: { 'Retry-After': '172800' } }],
  );
  for (const [{ delivery }, seconds] of [
    [twoMinutes!, 120],
    [twoDays!, 86_400],
  ] as const) {
    const [attempt] = await attemptLog(world, delivery.id);
    expect(attempt).toMatchObject({ retryAfterSeconds: seconds, outcome: 'retryable_failure' });
    // No jitter on a Retry-After delay; the clock did not move during the attempt.
    expect(delivery.nextAttemptAt!.getTime() - attempt!.startedAt.getTime()).toBe(seconds * 1000);
    expect(attempt!.nextAttemptAt).toEqual(delivery.nextAttemptAt);
  }
  await untilDue(world, twoMinutes!.delivery.id);
  const done = await afterAttempts(world, twoMinutes!.delivery.id, 2);
  expect(done.status).toBe('delivered');
});

test('400 and 404 fail after one attempt; 408, 425, 429, 500 and a timeout are retried', async () => {
  const results = await firstAttempts([400], [404], [408], [425], [429], [500], ['hang']);
  const outcome = results.map(({ delivery }) => [delivery.status, delivery.attempts]);
  expect(outcome).toEqual([
    ['failed', 1],
    ['failed', 1],
    ['pending', 1],
    ['pending', 1],
    ['pending', 1],
    ['pending', 1],
    ['pending', 1],
  ]);
  expect(results.map(({ delivery }) => delivery.lastError)).toEqual([
    'HTTP 400',
    'HTTP 404',
    'HTTP 408',
    'HTTP 425',
    'HTTP 429',
    'HTTP 500',
    'Timeout after 1 s',
  ]);
  // The permanent failures are final: time passing brings no second request.
  world.clock.advance(86_400_000);
  await world.service.services.delivery.sweeper.sweep();
  for (const { delivery } of results.filter((r) => r.delivery.status === 'pending'))
    await afterAttempts(world, delivery.id, 2);
  expect(results.map(({ receiver }) => receiver.received.length)).toEqual([1, 1, 2, 2, 2, 2, 2]);
});
