import { BrokerConnection, brokerNames, createLogger, Publisher } from '@mcs/kit';
import { DAY, TEST_AMQP_URL, waitFor } from '@mcs/kit/testing';
import { protectionCalls } from './support/calls';
import { newMovie } from './support/factories';
import { useWorld } from './support/world';

/**
 * Cleanup's part of weekly_house_keeping: idempotency records past their retention, notices
 * older than 90 days and input refreshes abandoned by a process that died waiting go.
 */
const world = useWorld();
const { create } = protectionCalls(world);
let broker: BrokerConnection;
let publisher: Publisher;

beforeAll(async () => {
  const log = createLogger({ service: 'test', level: 'silent' });
  broker = await BrokerConnection.connect(TEST_AMQP_URL, log);
  publisher = new Publisher(broker, brokerNames(world.env.namespace), log);
  await publisher.start();
});
afterAll(() => broker.close());

test('a housekeeping run purges what is past its time, keeps the rest, and reports its part', async () => {
  const db = world.service.db;
  for (const key of ['old', 'live']) {
    const movie = await newMovie(db);
    expect((await create({ media_type: 'movie', media_id: movie.media_id }, key)).status).toBe(200);
  }
  await db.idempotentRequest.updateMany({
    where: { key: 'old' },
    data: { expiresAt: new Date(Date.now() - 1000) },
  });
  const daysAgo = (days: number) => new Date(Date.now() - days * DAY);
  await db.$executeRaw`
    INSERT INTO notices (user_id, level, title, message, created_at)
    VALUES (7, 'info', 'old', 'old', ${daysAgo(91)}), (7, 'info', 'recent', 'recent', ${daysAgo(89)})`;
  await db.$executeRaw`
    INSERT INTO input_refreshes (message_id, run_id, requested_at)
    VALUES (gen_random_uuid(), 1, ${daysAgo(2)}), (gen_random_uuid(), 2, ${daysAgo(0)})`;

  await publisher.publish('task.run.weekly_house_keeping', {
    run_id: 9,
    task_id: 'weekly_house_keeping',
    trigger: 'schedule',
    requested_by: null,
  });
  const completed = await waitFor(() =>
    db.outboxMessage
      .findFirst({ where: { routingKey: 'task.run_completed' } })
      .then((row) => row ?? undefined),
  );
  expect(completed.payload).toMatchObject({
    run_id: 9,
    service: 'cleanup',
    items_processed: 3,
    summary: { idempotency_records_purged: 1, notices_purged: 1, input_refreshes_purged: 1 },
  });
  expect((await db.idempotentRequest.findMany()).map((r) => r.key)).toEqual(['live']);
  const notices = await db.$queryRaw<{ title: string }[]>`SELECT title FROM notices`;
  expect(notices).toEqual([{ title: 'recent' }]);
  const refreshes = await db.$queryRaw<{ run_id: bigint }[]>`SELECT run_id FROM input_refreshes`;
  expect(refreshes).toEqual([{ run_id: 2n }]);
  expect(await db.outboxMessage.count({ where: { routingKey: 'task.run_started' } })).toBe(1);
});
