import {
  BrokerConnection,
  brokerNames,
  createInternalClient,
  createLogger,
  Publisher,
} from '@mcs/kit';
import { callSigned, TEST_AMQP_URL, testSigningKey, waitFor } from '@mcs/kit/testing';
import type { OperationCommand } from '../services/catalog/src/operations/operation-intake';
import { startWorld, type World } from '../services/catalog/test/support/world';
import {
  catalogPathsReader,
  PathsUnavailable,
} from '../services/webhooks/src/delivery/operation-paths';
import { startWebhooks, type WebhooksService } from '../services/webhooks/src/server';
import { startReceiver, type Receiver } from '../services/webhooks/test/delivery/receiver';
import { ADMIN, ENDPOINTS, endpointInput } from '../services/webhooks/test/support/admin';
import { lifecycleEvent } from '../services/webhooks/test/support/events';

/**
 * EW#32 (events-webhooks.md 3.3): a GET endpoint whose URL template asks for
 * `{urlencoded_path}` receives the path of the deleted file, read from catalog's record of the
 * operation at send time; the path is in no stored event, delivery or attempt.
 */
let catalog: World;
let webhooks: WebhooksService;
let receiver: Receiver;
let broker: BrokerConnection;
let publisher: Publisher;

beforeAll(async () => {
  catalog = await startWorld({ sim: { movies: 4, series: 1, seasonsPerSeries: 1 } });
  await catalog.configure(['radarr']);
  expect((await catalog.runTask('sync_media')).status).toBe('completed');
  webhooks = await startWebhooks({
    runtime: catalog.env.runtimeConfig(),
    encryptionKeys: ['paths-test-key-0123456789abcdefgh'],
    catalogUrl: catalog.service.url,
  });
  receiver = await startReceiver((_request, response) => response.writeHead(204).end());
  const log = createLogger({ service: 'test', level: 'silent' });
  broker = await BrokerConnection.connect(TEST_AMQP_URL, log);
  publisher = new Publisher(broker, brokerNames(catalog.env.namespace), log);
  await publisher.start();
});
afterAll(async () => {
  await broker.close();
  await receiver.close();
  await webhooks.stop();
  await catalog.close();
});

/** catalog deletes one movie's file, as cleanup's command asks; resolves once it ended. */
async function deleteOneMovie(operationId: number) {
  const index = [...Array(4).keys()].find((i) => catalog.sim.library.movie(i).inRadarr) ?? 0;
  const movie = await catalog.service.db.movie.findFirstOrThrow({
    where: { tmdbId: catalog.sim.library.movie(index).tmdbId },
  });
  const [version] = await catalog.service.db.movieVersion.findMany({
    where: { movieId: movie.id },
  });
  const command: OperationCommand = {
    operation_id: operationId,
    candidate_id: 77,
    kind: 'delete',
    trigger: 'auto',
    target: {
      scope: 'movie',
      media_type: 'movie',
      media_id: Number(movie.id),
      movie_version_id: null,
      season_id: null,
      episode_id: null,
    },
    arr_action: 'delete',
    media_server_action: 'delete',
    allowed_arr_service_ids: null,
    add_import_exclusion: true,
    requested_by: { type: 'system', id: null },
  };
  await catalog.broker.send('catalog.file_operation.execute', command);
  await waitFor(
    async () => {
      const row = await catalog.service.db.fileOperation.findUnique({
        where: { operationId: BigInt(operationId) },
      });
      return row?.status === 'succeeded' || undefined;
    },
    { timeoutMs: 20_000, what: 'the delete' },
  );
  return version?.path ?? '';
}

test('EW#32: the deleted file reaches a GET template percent-encoded, and is stored nowhere', async () => {
  const path = await deleteOneMovie(501);
  expect(path).toMatch(/^\/media\/movies\//);
  const created = await callSigned<{ id: number }>('webhooks', webhooks.url, 'POST', ENDPOINTS, {
    principal: ADMIN,
    body: endpointInput({
      method: 'GET',
      url: `http://127.0.0.1:${receiver.port}/scan`,
      url_template: `http://127.0.0.1:${receiver.port}/scan?path={urlencoded_path}&id={id}`,
    }),
  });
  expect(created.status).toBe(201);

  const event = lifecycleEvent('candidate.deleted', { operationId: 501 });
  await publisher.publish(event.type, event, { messageId: event.id });
  const [request] = await waitFor(
    () => (receiver.received.length > 0 ? receiver.received : undefined),
    { what: 'the delivery' },
  );
  expect(request?.method).toBe('GET');
  // §3.3: every byte but A–Z a–z 0–9 - . _ ~ is percent-encoded, parentheses included.
  const encoded = encodeURIComponent(path).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  expect(request?.url).toBe(`/scan?path=${encoded}&id=${event.id}`);

  // What the webhooks service keeps: the event, its delivery and the attempt, none with it.
  // The attempt is recorded once the receiver has answered, so wait for it.
  await waitFor(async () => (await webhooks.db.deliveryAttempt.count()) > 0 || undefined, {
    what: 'the attempt recorded',
  });
  const stored = await webhooks.db.$queryRaw<{ row: string }[]>`
    SELECT row_to_json(e)::text AS row FROM events e
    UNION ALL SELECT row_to_json(d)::text FROM deliveries d
    UNION ALL SELECT row_to_json(a)::text FROM delivery_attempts a`;
  expect(stored.length).toBeGreaterThanOrEqual(3);
  for (const { row } of stored) {
    expect(row).not.toContain(path);
    expect(row).not.toContain(encoded);
  }
});

test("catalog's reader: an operation catalog does not know has no paths; no catalog is a retry", async () => {
  const reader = (url: string) =>
    catalogPathsReader(
      createInternalClient({ key: testSigningKey('webhooks'), timeoutMs: 5_000 }),
      url,
    );
  expect(await reader(catalog.service.url)(999_999)).toBeNull();
  // Nothing listens there: the attempt is recorded as paths_unavailable, which retries.
  await expect(reader('http://127.0.0.1:9')(501)).rejects.toBeInstanceOf(PathsUnavailable);
});
