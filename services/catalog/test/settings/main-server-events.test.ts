import type { MessagePayload } from '@mcs/contracts';
import { type MessageRecorder, recordMessages, waitFor } from '@mcs/kit/testing';
import { ADMIN } from '../support/api';
import { useWorld } from '../support/world';

/** catalog.main_server_changed, from which the scheduler knows of a main server (domain.md 9). */
const world = useWorld({ sim: { movies: 2, series: 1 } });

type MainServerChanged = MessagePayload<'catalog.main_server_changed'>;
let recorder: MessageRecorder<MainServerChanged>;
beforeAll(async () => {
  recorder = await recordMessages(world.env.namespace, ['catalog.main_server_changed']);
});
afterAll(() => recorder.close());

/** Waits for the next published state, after the `seen` ones before it. */
async function nextState(seen: number): Promise<Omit<MainServerChanged, 'as_of'>> {
  const message = await waitFor(() => recorder.messages[seen], {
    what: 'catalog.main_server_changed',
  });
  expect(message.payload.as_of).toEqual(expect.any(String));
  return {
    has_main_server: message.payload.has_main_server,
    server_type: message.payload.server_type,
  };
}

const save = (system: 'jellyfin' | 'plex' | 'radarr', body: Record<string, unknown>) =>
  world.api<{ id: number }>('POST', '/api/settings/save/service', {
    principal: ADMIN,
    body: {
      service_type: system,
      name: system,
      base_url: world.sim.urls[system],
      api_key: world.sim.apiKeys[system],
      enabled: true,
      ...body,
    },
  });
const remove = (id: number) =>
  world.api('DELETE', `/api/settings/service/${id}`, { principal: ADMIN });
const report = () =>
  world.broker.send('catalog.main_server.report', { requested_by_service: 'scheduler' });

test('a report before any main server is configured publishes that there is none', async () => {
  await report();
  expect(await nextState(0)).toEqual({ has_main_server: false, server_type: null });
});

test('saving, replacing and deleting media servers publishes the main server each time', async () => {
  let seen = recorder.messages.length;
  const mark = await world.outboxMark();
  const jellyfin = await save('jellyfin', { is_main: true });
  expect(jellyfin.status).toBe(201);
  expect(await nextState(seen++)).toEqual({ has_main_server: true, server_type: 'jellyfin' });

  // The main server can be neither disabled nor deleted: refused, nothing is published.
  expect((await remove(jellyfin.body.id)).status).toBe(409);
  expect((await save('jellyfin', { id: jellyfin.body.id, enabled: false })).status).toBe(409);

  const plex = await save('plex', { is_main: true });
  expect(plex.status).toBe(201);
  expect(await nextState(seen++)).toEqual({ has_main_server: true, server_type: 'plex' });

  // Deleting the demoted server leaves the main one in place, and says so again.
  expect((await remove(jellyfin.body.id)).status).toBe(200);
  expect(await nextState(seen++)).toEqual({ has_main_server: true, server_type: 'plex' });
  // Committed with the request, so the outbox already holds all (and only) these three.
  expect(await world.outbox('catalog.main_server_changed', mark)).toHaveLength(3);
});

test('a report publishes the current main server', async () => {
  const seen = recorder.messages.length;
  await report();
  expect(await nextState(seen)).toEqual({ has_main_server: true, server_type: 'plex' });
});
