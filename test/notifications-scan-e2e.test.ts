import { createServer, type Server, type Socket } from 'node:net';
import { CLOSED_PORT, waitFor } from '@mcs/kit/testing';
import { conditionsRule } from '../services/cleanup/test/support/rules';
import { type Receiver, startReceiver } from '../services/webhooks/test/delivery/receiver';
import { useDashboardStack } from './support/dashboard-stack';

/**
 * Issue 28's notification acceptance through the whole product: a real sync of the library
 * simulator, a real scan run by the scheduler, cleanup's digest through its outbox, and webhooks
 * sending it to four channels an administrator saved in the general settings — one healthy, one
 * failing three times, one refusing connections and one that never answers.
 */
const TIMEOUT_MS = 8000;
const stack = useDashboardStack({
  webhooks: { notifications: { timeoutMs: TIMEOUT_MS, retryBaseMs: 20 } },
});
let healthy: Receiver;
let flaky: Receiver;
let silent: Server;
const sockets: Socket[] = [];

type Digest = { event: string; facts: { label: string; value: string }[]; url: string | null };
const digests = (receiver: Receiver) =>
  receiver.received.map((request) => JSON.parse(request.body) as Digest);
const channel = (name: string, url: string) => ({
  name,
  kind: 'json_webhook',
  url_or_host: url,
  settings: {},
  events: ['new_cleanup_candidates'],
  enabled: true,
});

beforeAll(async () => {
  healthy = await startReceiver((_, response) => response.writeHead(204).end());
  flaky = await startReceiver((_, response) =>
    response.writeHead(flaky.received.length <= 3 ? 500 : 200).end(),
  );
  silent = createServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const silentPort = (silent.address() as { port: number }).port;
  await stack.changeSettings({
    imdb_ratings_enabled: false,
    public_url: 'https://mcs.example.org',
    notifications: {
      channels: [
        channel('Dead', `http://127.0.0.1:${CLOSED_PORT}/hook`),
        channel('Silent', `http://127.0.0.1:${silentPort}/hook`),
        channel('Flaky', `http://127.0.0.1:${flaky.port}/hook`),
        channel('Healthy', `http://127.0.0.1:${healthy.port}/hook`),
      ],
    },
  });
  await stack.catalog.configure(['radarr', 'sonarr']);
  await stack.runTask('sync_media');
  const movies = (await stack.get<{ total: number }>('/api/v1/movies')).total;
  await waitFor(
    async () =>
      (await stack.cleanup.db.mediaItem.count({ where: { mediaType: 'movie' } })) === movies,
    { what: "cleanup's projection of the synced library" },
  );
  const everything = [{ field: 'media.year', operator: 'less_than', value: 3000 }];
  await stack.post('/api/rules', conditionsRule('Old films', everything), 201, stack.admin);
}, 240_000);
afterAll(async () => {
  await healthy.close();
  await flaky.close();
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
});

test('one digest per scan with new candidates; dead channels neither fail the scan nor delay the others', async () => {
  const run = await stack.runTask('scan_cleanup_candidates');
  expect(run.status).toBe('completed');
  const total = (await stack.get<{ total: number }>('/api/v1/candidates')).total;
  expect(total).toBeGreaterThan(1);

  // The healthy channel hears within a fraction of the silent channel's timeout: it does not
  // wait behind it, nor behind the dead one.
  await waitFor(() => healthy.received.length === 1, {
    timeoutMs: TIMEOUT_MS / 2,
    what: 'the digest on the healthy channel',
  });
  const [digest] = digests(healthy);
  expect(digest).toMatchObject({
    event: 'new_cleanup_candidates',
    url: 'https://mcs.example.org/candidates',
  });
  expect(digest?.facts).toContainEqual({ label: 'New candidates', value: String(total) });

  // Failing three times, then answering: delivered once, on the fourth attempt.
  await waitFor(
    async () =>
      (await stack.webhooks!.db.notificationDelivery.count({
        where: { channelName: 'Flaky', status: 'delivered' },
      })) === 1,
    { what: 'the flaky channel to take the digest' },
  );
  expect(flaky.received).toHaveLength(4);
  expect(digests(flaky).every((body) => body.event === 'new_cleanup_candidates')).toBe(true);

  // A second scan finds nothing new: no second digest anywhere.
  expect((await stack.runTask('scan_cleanup_candidates')).status).toBe('completed');
  const requested = await stack.cleanup.db.$queryRawUnsafe<{ n: number }[]>(
    `SELECT count(*)::int AS n FROM cleanup.notifications_requested WHERE event = 'new_cleanup_candidates'`,
  );
  expect(requested[0]?.n).toBe(1);
  expect(await stack.webhooks!.db.notification.count()).toBe(1);
  expect(healthy.received).toHaveLength(1);
  expect(flaky.received).toHaveLength(4);
});
