import { BrokerConnection, brokerNames, createLogger, Publisher } from '@mcs/kit';
import { TEST_AMQP_URL, waitFor } from '@mcs/kit/testing';
import { GatewayWorld } from './support/gateway';

/** The gateway's part of weekly_house_keeping: expired idempotency records and sessions go. */
let world: GatewayWorld;
let broker: BrokerConnection;
let publisher: Publisher;

beforeAll(async () => {
  world = await GatewayWorld.start();
  await world.setup();
  const log = createLogger({ service: 'test', level: 'silent' });
  broker = await BrokerConnection.connect(TEST_AMQP_URL, log);
  publisher = new Publisher(broker, brokerNames(world.env.namespace), log);
  await publisher.start();
});
afterAll(async () => {
  await broker.close();
  await world.stop();
});

test('a housekeeping run purges expired idempotency records and sessions, keeps live ones, and reports its part', async () => {
  const past = new Date(Date.now() - 1000);
  const future = new Date(Date.now() + 86_400_000);
  const user = await world.db.user.findFirstOrThrow();
  await world.db.idempotencyRecord.createMany({
    data: [
      { tokenId: 1n, key: 'old', fingerprint: 'f', status: 200, body: {}, expiresAt: past },
      { tokenId: 1n, key: 'new', fingerprint: 'f', status: 200, body: {}, expiresAt: future },
    ],
  });
  await world.db.session.createMany({
    data: [
      { idHash: 'expired', userId: user.id, csrfToken: 'c', expiresAt: past },
      { idHash: 'live', userId: user.id, csrfToken: 'c', expiresAt: future },
    ],
  });
  await publisher.publish('task.run.weekly_house_keeping', {
    run_id: 7,
    task_id: 'weekly_house_keeping',
    trigger: 'schedule',
    requested_by: null,
  });
  const completed = await waitFor(() =>
    world.db.outboxMessage
      .findFirst({ where: { routingKey: 'task.run_completed' } })
      .then((row) => row ?? undefined),
  );
  expect(completed.payload).toMatchObject({
    run_id: 7,
    service: 'gateway',
    items_processed: 2,
    summary: { idempotency_records_purged: 1, sessions_purged: 1 },
  });
  expect((await world.db.idempotencyRecord.findMany()).map((r) => r.key)).toEqual(['new']);
  const sessions = (await world.db.session.findMany()).map((s) => s.idHash);
  expect(sessions).toContain('live');
  expect(sessions).not.toContain('expired');
  expect(await world.db.outboxMessage.count({ where: { routingKey: 'task.run_started' } })).toBe(1);
});
