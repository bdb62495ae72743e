import type { MessagePayload } from '@mcs/contracts';
import { BrokerConnection, brokerNames, createLogger, Publisher, type Principal } from '@mcs/kit';
import {
  callSigned,
  createTestEnv,
  TEST_AMQP_URL,
  TEST_ENCRYPTION_KEYS,
  TestClock,
  type SignedCall,
  type TestEnv,
} from '@mcs/kit/testing';
import type { EventType } from '../../src/domain/event-types';
import { startWebhooks, type WebhooksService } from '../../src/server';
import { lifecycleEvent, type EventParts } from './events';
import { publishSettings } from './settings';

export const READER: Principal = { type: 'api_token', id: 7, scopes: ['events:read'] };

export interface World {
  env: TestEnv;
  clock: TestClock;
  service: WebhooksService;
  /** Publishes to the broker as cleanup's outbox relay does (message id = event id). */
  publisher: Publisher;
  api<T>(
    url: string,
    call?: Partial<SignedCall>,
  ): Promise<{ status: number; headers: Headers; body: T }>;
  /** Stores an event through the feed store in its own transaction, as the consumer does. */
  store<K extends EventType>(type: K, parts?: EventParts): Promise<MessagePayload<K>>;
  /** Publishes settings.changed with this `event_retention_days` and waits until applied. */
  setRetentionDays(days: number): Promise<void>;
}

/**
 * One test file's webhooks service on its own database and broker namespace. `deliver: false`
 * starts it without the delivery worker, for tests of the rows the feed writes before any
 * attempt touches them.
 */
export function useWorld(
  options: {
    deliver?: boolean;
    /** Notification timing (tests: milliseconds of retry base, a short attempt deadline). */
    notifications?: { timeoutMs: number; retryBaseMs: number };
  } = {},
): World {
  const world = {} as World;
  let broker: BrokerConnection;
  beforeAll(async () => {
    const env = await createTestEnv();
    const clock = new TestClock();
    const service = await startWebhooks(
      {
        runtime: env.runtimeConfig(),
        encryptionKeys: TEST_ENCRYPTION_KEYS,
        deliveryConcurrency: options.deliver === false ? 0 : undefined,
        notifications: options.notifications,
      },
      { clock: clock.now },
    );
    const log = createLogger({ service: 'test', level: 'silent' });
    broker = await BrokerConnection.connect(TEST_AMQP_URL, log);
    const publisher = new Publisher(broker, brokerNames(env.namespace), log);
    await publisher.start();
    Object.assign(world, {
      env,
      clock,
      service,
      publisher,
      api: (url: string, call: Partial<SignedCall> = {}) =>
        callSigned('webhooks', service.url, 'GET', url, { principal: READER, ...call }),
      store: async <K extends EventType>(type: K, parts: EventParts = {}) => {
        const event = lifecycleEvent(type, { occurredAt: clock.now(), ...parts });
        await service.db.$transaction((tx) => service.services.feedStore.store(tx, event));
        return event;
      },
      setRetentionDays: (days: number) => publishSettings(service, { event_retention_days: days }),
    } satisfies World);
  });
  afterAll(async () => {
    await broker.close();
    await world.service.stop();
    await world.env.cleanup();
  });
  return world;
}
