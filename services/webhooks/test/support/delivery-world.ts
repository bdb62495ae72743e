import { BrokerConnection, brokerNames, createLogger, Publisher, SecretBox } from '@mcs/kit';
import { createTestEnv, TEST_AMQP_URL, TestClock, waitFor, type TestEnv } from '@mcs/kit/testing';
import type { Header } from '../../src/domain/endpoint-headers';
import { sealHeaders, sealOptional } from '../../src/domain/endpoint-secrets';
import type { EventType } from '../../src/domain/event-types';
import { generateSigningSecret } from '../../src/domain/signing';
import { startWebhooks, type WebhooksService } from '../../src/server';
import { startReceiver, type Receiver } from '../delivery/receiver';
import { lifecycleEvent, type EventParts } from './events';

const ENCRYPTION_KEYS = ['delivery-test-key-0123456789abcdef'];
/** Jitter pinned to half its range: scheduled gaps are exactly 5 % over their base. */
export const RANDOM = 0.5;

export interface DeliveryWorld {
  env: TestEnv;
  clock: TestClock;
  box: SecretBox;
  /** The first replica; tests may replace it (restart). */
  service: WebhooksService;
  /** Another replica on the same database, Redis prefix and broker namespace. */
  startReplica(): Promise<WebhooksService>;
  /** Stops `service`, runs `whileStopped`, and starts a new instance as `service`. */
  restart(whileStopped?: () => void): Promise<void>;
  /** Publishes a lifecycle event to the broker as cleanup's relay does; the feed stores it. */
  publish(type?: EventType, parts?: EventParts): Promise<{ id: string }>;
}

/** One test file's webhooks service, with its clock, a pinned jitter and a known key. */
export function useDeliveryWorld(): DeliveryWorld {
  const world = {} as DeliveryWorld;
  const replicas: WebhooksService[] = [];
  let broker: BrokerConnection;
  beforeAll(async () => {
    const env = await createTestEnv();
    const clock = new TestClock();
    const startReplica = async () => {
      const service = await startWebhooks(
        { runtime: env.runtimeConfig(), encryptionKeys: ENCRYPTION_KEYS },
        { clock: clock.now, random: () => RANDOM },
      );
      replicas.push(service);
      return service;
    };
    const service = await startReplica();
    const log = createLogger({ service: 'test', level: 'silent' });
    broker = await BrokerConnection.connect(TEST_AMQP_URL, log);
    const publisher = new Publisher(broker, brokerNames(env.namespace), log);
    await publisher.start();
    Object.assign(world, {
      env,
      clock,
      box: new SecretBox(ENCRYPTION_KEYS),
      service,
      startReplica,
      restart: async (whileStopped?: () => void) => {
        await world.service.stop();
        replicas.splice(replicas.indexOf(world.service), 1);
        whileStopped?.();
        world.service = await startReplica();
      },
      publish: async (type: EventType = 'candidate.canceled', parts: EventParts = {}) => {
        const event = lifecycleEvent(type, { occurredAt: clock.now(), ...parts });
        await publisher.publish(event.type, event, { messageId: event.id });
        return { id: event.id };
      },
    } satisfies DeliveryWorld);
  });
  // Each test has its own endpoints: later events must not reach an earlier test's receivers.
  afterEach(async () => {
    for (const receiver of receivers.splice(0)) await receiver.close();
    await world.service.db.$executeRaw`
      UPDATE deliveries SET status = 'canceled', next_attempt_at = NULL, lease_expires_at = NULL
       WHERE status = 'pending'`;
    await world.service.db.$executeRaw`UPDATE endpoints SET enabled = false`;
  });
  afterAll(async () => {
    await broker.close();
    for (const replica of replicas) await replica.stop();
    await world.env.cleanup();
  });
  return world;
}

export interface EndpointParts {
  url: string;
  eventTypes?: EventType[];
  method?: 'POST' | 'GET';
  timeoutSeconds?: number;
  headers?: Header[];
  authUsername?: string;
  authPassword?: string;
  urlTemplate?: string;
}

/** A saved endpoint, written as the endpoint routes store one; returns its id and secret. */
export async function newEndpoint(world: DeliveryWorld, parts: EndpointParts) {
  const secret = generateSigningSecret();
  const { box } = world;
  const row = await world.service.db.endpoint.create({
    data: {
      name: 'Receiver',
      url: parts.url,
      method: parts.method ?? 'POST',
      eventTypes: parts.eventTypes ?? ['candidate.canceled'],
      timeoutSeconds: parts.timeoutSeconds ?? 15,
      headersEncrypted: sealHeaders(box, parts.headers ?? []),
      authUsername: parts.authUsername ?? null,
      authPasswordEncrypted: sealOptional(box, parts.authPassword ?? null),
      urlTemplate: parts.urlTemplate ?? null,
      signingSecretEncrypted: box.seal(secret),
      signingSecretCreatedAt: world.clock.now(),
    },
  });
  return { id: row.id, secret };
}

/** The delivery of an event to an endpoint, once the feed consumer created it. */
export function deliveryOf(world: DeliveryWorld, eventId: string, endpointId: bigint) {
  return waitFor(
    () =>
      world.service.db.delivery
        .findUnique({ where: { eventId_endpointId: { eventId, endpointId } } })
        .then((row) => row ?? false),
    { what: `the delivery of ${eventId}` },
  );
}

/** Waits until the delivery has `count` attempts in its round, then returns the row. */
export function afterAttempts(world: DeliveryWorld, deliveryId: bigint, count: number) {
  return waitFor(
    () =>
      world.service.db.delivery
        .findUniqueOrThrow({ where: { id: deliveryId } })
        .then((row) => row.attempts >= count && row.leaseExpiresAt === null && row),
    { what: `attempt ${count} of delivery ${deliveryId}` },
  );
}

export function attemptLog(world: DeliveryWorld, deliveryId: bigint) {
  return world.service.db.deliveryAttempt.findMany({
    where: { deliveryId },
    orderBy: [{ round: 'asc' }, { number: 'asc' }],
  });
}

/**
 * Time passes until the delivery's next attempt is due, and the sweeper runs: the attempt
 * happens now instead of when BullMQ's real-time delay ends.
 */
export async function untilDue(world: DeliveryWorld, deliveryId: bigint): Promise<void> {
  const row = await world.service.db.delivery.findUniqueOrThrow({ where: { id: deliveryId } });
  if (row.nextAttemptAt === null) throw new Error(`delivery ${deliveryId} is not pending`);
  world.clock.set(row.nextAttemptAt);
  await world.service.services.delivery.sweeper.sweep();
}

/** How a scripted receiver answers one request: a status, a full answer, or never. */
export type Answer = number | { status: number; headers?: Record<string, string>; body?: string };

const receivers: Receiver[] = [];

/** When a receiver started and finished answering one request (real time). */
export interface Span {
  webhookId: string;
  start: number;
  end: number;
}

/**
 * A receiver on 127.0.0.1 answering its n-th request with `script[n]` (the last entry again
 * after the end), after `delayMs`; 'hang' never answers. Closed after the test.
 */
export async function scriptedReceiver(
  script: (Answer | 'hang')[],
  options: { delayMs?: number } = {},
) {
  let count = 0;
  const spans: Span[] = [];
  const receiver = await startReceiver((request, response) => {
    const answer = script[Math.min(count, script.length - 1)] ?? 204;
    count += 1;
    if (answer === 'hang') return;
    const {
      status,
      headers = {},
      body = '',
    } = typeof answer === 'number' ? { status: answer } : answer;
    const start = Date.now();
    const reply = () => {
      spans.push({ webhookId: String(request.headers['webhook-id']), start, end: Date.now() });
      response.writeHead(status, headers).end(body);
    };
    if (options.delayMs) setTimeout(reply, options.delayMs);
    else reply();
  });
  receivers.push(receiver);
  return { ...receiver, spans, url: `http://127.0.0.1:${receiver.port}/hooks/mcs` };
}
