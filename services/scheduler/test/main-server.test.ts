import type { ExternalApi } from '@mcs/contracts';
import { waitFor } from '@mcs/kit/testing';
import { useWorld } from './support/world';

type TaskList = ExternalApi.components['schemas']['TaskList'];

/** Whether a main media server exists is catalog's to say (catalog.main_server_changed). */
const world = useWorld();

const hasMainServer = async () =>
  (await world.api<TaskList>('GET', '/api/v1/tasks')).body.has_main_server;

test('on its first start the scheduler asks catalog for the main server, once', async () => {
  const requests = await world.service.db.outboxMessage.findMany({
    where: { routingKey: 'catalog.main_server.report' },
  });
  expect(requests.map((r) => r.payload)).toEqual([{ requested_by_service: 'scheduler' }]);
  expect(await hasMainServer()).toBe(false);
});

test('a report from catalog decides has_main_server and can_run; an older one is ignored', async () => {
  const send = (has: boolean, asOf: string) =>
    world.publisher.publish('catalog.main_server_changed', {
      has_main_server: has,
      server_type: has ? 'plex' : null,
      as_of: asOf,
    });
  await send(true, '2026-11-25T10:00:00.000Z');
  await waitFor(hasMainServer);
  const { items } = (await world.api<TaskList>('GET', '/api/v1/tasks')).body;
  expect(items.find((t) => t.id === 'sync_media')?.can_run).toBe(true);

  await send(false, '2026-11-25T09:00:00.000Z'); // older: delivered late
  await send(true, '2026-11-25T11:00:00.000Z');
  await waitFor(async () => {
    const row = await world.service.db.mainServer.findUnique({ where: { id: 1 } });
    return row?.asOf.toISOString() === '2026-11-25T11:00:00.000Z';
  });
  expect(await hasMainServer()).toBe(true);
});
