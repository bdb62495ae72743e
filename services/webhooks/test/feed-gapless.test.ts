import {
  callSigned,
  createTestEnv,
  TEST_ENCRYPTION_KEYS,
  TestClock,
  type TestEnv,
} from '@mcs/kit/testing';
import { EVENT_TYPES } from '../src/domain/event-types';
import { startWebhooks, type WebhooksService } from '../src/server';
import { READER } from './support/world';
import type { EventFeed } from './support/feed';
import { lifecycleEvent } from './support/events';

/**
 * The gapless guarantee (events-webhooks.md §2.2, acceptance check 11), shortened to a few
 * seconds: two service replicas' feed stores on one database, eight producers whose
 * transactions wait a random 0–500 ms after storing their events before they commit (10 % roll
 * back instead), and two pollers following next_cursor with limits of 1 to 5 all along. Each
 * poller must end with exactly the committed events (of its filter), once each, in position
 * order. Without the feed lock this fails: a poller skips events that commit late.
 */
const PRODUCERS = 8;
const RUN_MS = 2500;
const FILTER = ['candidate.canceled', 'protection.created'] as const;

let env: TestEnv;
const replicas: WebhooksService[] = [];

beforeAll(async () => {
  env = await createTestEnv();
  const clock = new TestClock();
  for (let i = 0; i < 2; i += 1) {
    const config = env.runtimeConfig({ database: { url: env.databaseUrl, poolMax: 10 } });
    replicas.push(
      await startWebhooks(
        { runtime: config, encryptionKeys: TEST_ENCRYPTION_KEYS },
        { clock: clock.now },
      ),
    );
  }
});
afterAll(async () => {
  for (const replica of replicas) await replica.stop();
  await env.cleanup();
});

const random = (below: number) => Math.floor(Math.random() * below);
/** Test-only fault injection: holds a transaction open before its commit. */
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

class Rollback extends Error {}

/** Stores 1–3 events per transaction until the deadline; returns the ids it rolled back. */
async function produce(replica: WebhooksService, until: number): Promise<string[]> {
  const rolledBack: string[] = [];
  while (Date.now() < until) {
    const events = Array.from({ length: 1 + random(3) }, () =>
      lifecycleEvent(EVENT_TYPES[random(EVENT_TYPES.length)] ?? 'candidate.canceled'),
    );
    const rollback = Math.random() < 0.1;
    try {
      await replica.db.$transaction(
        async (tx) => {
          for (const event of events) await replica.services.feedStore.store(tx, event);
          await pause(random(501));
          if (rollback) throw new Rollback();
        },
        { timeout: 30_000, maxWait: 30_000 },
      );
    } catch (error) {
      if (!(error instanceof Rollback)) throw error;
      rolledBack.push(...events.map((event) => event.id));
    }
  }
  return rolledBack;
}

/** Follows next_cursor (limit 1–5) until producers are done and the feed says it caught up. */
async function poll(replica: WebhooksService, done: () => boolean, eventType?: string) {
  const seen: string[] = [];
  let cursor: string | null = null;
  for (;;) {
    const finished = done();
    const query = new URLSearchParams({ limit: String(1 + random(5)) });
    if (cursor) query.set('cursor', cursor);
    if (eventType) query.set('event_type', eventType);
    const page = await callSigned<EventFeed>(
      'webhooks',
      replica.url,
      'GET',
      `/api/v1/events?${query.toString()}`,
      {
        principal: READER,
      },
    );
    expect(page.status).toBe(200);
    seen.push(...page.body.items.map((item) => item.id));
    cursor = page.body.next_cursor;
    if (finished && !page.body.has_more) return seen;
  }
}

test('pollers following next_cursor see every committed event exactly once, in position order, while producers commit out of order', async () => {
  const until = Date.now() + RUN_MS;
  let producing = true;
  const producers = Promise.all(
    Array.from({ length: PRODUCERS }, (_, i) => produce(replicas[i % 2] as WebhooksService, until)),
  ).finally(() => {
    producing = false;
  });
  const pollers = Promise.all([
    poll(replicas[0] as WebhooksService, () => !producing),
    poll(replicas[1] as WebhooksService, () => !producing, FILTER.join(',')),
  ]);
  const rolledBack = (await producers).flat();
  const [everything, filtered] = await pollers;

  const truth = await replicas[0]?.db.event.findMany({
    orderBy: { position: 'asc' },
    select: { id: true, type: true },
  });
  const committed = truth?.map((event) => event.id) ?? [];
  expect(committed.length).toBeGreaterThanOrEqual(10);
  expect(everything).toEqual(committed);
  expect(filtered).toEqual(
    truth?.filter((e) => (FILTER as readonly string[]).includes(e.type)).map((e) => e.id),
  );
  for (const id of rolledBack) expect(everything).not.toContain(id);
});
