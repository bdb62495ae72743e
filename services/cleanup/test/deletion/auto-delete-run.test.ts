import { randomUUID } from 'node:crypto';
import { BrokerConnection, brokerNames, createLogger, Publisher } from '@mcs/kit';
import { TEST_AMQP_URL, waitFor } from '@mcs/kit/testing';
import type { InternalApi } from '@mcs/contracts';
import { ADMIN, type Candidate, USER } from '../support/api';
import { movieTarget, newFileOperation, newProtection, versionTarget } from '../support/factories';
import { patchFacts, runScan } from '../support/scan';
import { operationCompleted, sentOperations } from '../support/operations';
import { useWorld } from '../support/world';
import {
  library as libraryOf,
  movieOf as movieOfYear,
  oldFilms as oldFilmsRule,
  runDeletion as runDeletionOf,
  useDeletionTables,
} from '../support/deletion';
import { InputRefresher } from '../../src/scan/input-refresher';
import { useRefreshAnswers, useRefreshListener } from '../support/catalog-refresh';

type ReclaimPage = InternalApi.components['schemas']['ReclaimHistoryPage'];
type Receipt = InternalApi.components['schemas']['Receipt'];

/** delete_cleanup_candidates and the outcome of its operations (domain.md 6.1-6.4; issue 13). */
const world = useWorld();
const catalog = useRefreshAnswers(world);
const refreshes = useRefreshListener(world);
let broker: BrokerConnection;
let publisher: Publisher;

beforeAll(async () => {
  const log = createLogger({ service: 'test', level: 'silent' });
  broker = await BrokerConnection.connect(TEST_AMQP_URL, log);
  publisher = new Publisher(broker, brokerNames(world.env.namespace), log);
  await publisher.start();
});
afterAll(() => broker.close());

useDeletionTables(world);

const oldFilms = () => oldFilmsRule(world);
const movieOf = (year: number) => movieOfYear(world, year);
const library = (files: number) => libraryOf(world, files);
const runDeletion = () => runDeletionOf(world);

const candidateOf = async (movieId: number) => {
  const row = await world.service.db.candidate.findFirst({ where: { mediaId: BigInt(movieId) } });
  return row ? Number(row.id) : null;
};

const commands = () => sentOperations(world.service);

test('only eligible, unblocked candidates that still match are acted on, once each', async () => {
  const rule = await oldFilms();
  await library(60);
  const kept = await movieOf(1980);
  const protectedLater = await movieOf(1981);
  const canceled = await movieOf(1982);
  const noLongerOld = await movieOf(1983);
  const pending = await movieOf(1984);
  await runScan(world);
  await newProtection(world.service.db, movieTarget(protectedLater));
  await world.api('POST', `/api/v1/candidates/${await candidateOf(canceled.media_id)}/cancel`);
  await patchFacts(world.service.db, 'movie', noLongerOld.media_id, { year: 2001 });
  await newFileOperation(world.service.db, versionTarget(pending));

  const { summary } = await runDeletion();
  expect(summary).toMatchObject({
    eligible: 2,
    skipped: 3,
    waiting: 0,
    revalidated_out: 1,
    source_unavailable: 0,
    queued: 1,
    queued_by_kind: { delete: 1 },
  });
  const keptId = await candidateOf(kept.media_id);
  const [command, ...others] = await commands();
  expect(others).toEqual([]);
  expect(command).toMatchObject({
    candidate_id: keptId,
    kind: 'delete',
    trigger: 'auto',
    arr_action: 'delete',
    media_server_action: 'delete',
    allowed_arr_service_ids: null,
    requested_by: { type: 'system', id: null },
    target: {
      scope: 'version',
      media_type: 'movie',
      media_id: kept.media_id,
      movie_version_id: kept.versions[0]?.version_id,
    },
  });
  // Revalidation drops, it does not delete: the next scan removes that candidate.
  expect(await candidateOf(noLongerOld.media_id)).not.toBeNull();

  // A second run finds the operation pending and queues nothing more.
  expect((await runDeletion()).summary).toMatchObject({ queued: 0, skipped: 4 });
  expect(await commands()).toHaveLength(1);
  expect(rule.status).toBe(201);
});

test('a verified deletion removes the candidate with one event and a receipt; a redelivery changes nothing', async () => {
  const rule = await oldFilms();
  await library(60);
  const movie = await movieOf(1970);
  await runScan(world);
  const id = (await candidateOf(movie.media_id)) ?? 0;
  const before = (await world.api<Candidate>('GET', `/api/v1/candidates/${id}`)).body;
  await runDeletion();
  const [command] = await commands();
  if (!command) throw new Error('a command expected');
  const outcome = operationCompleted(command, 'succeeded');
  await publisher.publish('media.file_operation_completed', outcome);
  await publisher.publish('media.file_operation_completed', outcome);
  await waitFor(async () => (await candidateOf(movie.media_id)) === null, {
    what: 'the candidate to go',
  });
  await world.drained();
  expect(await world.recorded(id)).toEqual([
    'candidate.scheduled',
    'catalog.file_operation.execute',
    'candidate.deleted',
  ]);
  const [event] = await world.service.db.$queryRaw<{ payload: Record<string, unknown> }[]>`
    SELECT payload FROM outbox WHERE routing_key = 'candidate.deleted'`;
  expect(event?.payload).toMatchObject({
    candidate_id: id,
    operation_id: command.operation_id,
    actor: { type: 'system', id: null },
    payload: { candidate: { id, reason: before.reason, matched_rule_ids: [rule.body.id] } },
  });
  const receipts = await world.service.db.$queryRaw<Record<string, unknown>[]>`
    SELECT * FROM deletion_receipts`;
  expect(receipts).toHaveLength(1);
  expect(receipts[0]).toMatchObject({
    operation_id: BigInt(command.operation_id),
    outcome: 'succeeded',
    failure_reason: null,
    trigger: 'auto',
    action: 'deleted',
    approved_by: { type: 'system', id: 'auto-delete' },
    candidate_id: BigInt(id),
    delay_days: 0,
    title: movie.title,
    tmdb_id: BigInt(movie.tmdb_id),
    rules: [{ rule_id: rule.body.id, rule_name: 'Old films', rule_revision: 1 }],
    evidence: [
      {
        rule_id: rule.body.id,
        conditions: [expect.objectContaining({ field: 'media.year', actual: 1970 })],
      },
    ],
    route: { service_type: 'radarr', service_config_id: 4 },
    bytes_freed: BigInt(20_000_000_000),
  });
  // The catalog source was ok at the time: its last success is on the receipt.
  expect(receipts[0]?.source_freshness).toHaveProperty('catalog');
  expect(
    JSON.stringify(receipts[0], (_k, v: unknown) => (typeof v === 'bigint' ? 0 : v)),
  ).not.toMatch(/\//);
  const [operation] = await world.service.db.fileOperation.findMany();
  expect(operation).toMatchObject({ status: 'succeeded', bytesFreed: BigInt(20_000_000_000) });

  // The reclaim history lists it for every user, with the totals; admins read it in full.
  const history = await world.api<ReclaimPage>('GET', '/api/media/reclaim-history', {
    principal: USER,
  });
  expect(history.body).toMatchObject({
    total: 1,
    items: [
      {
        operation_id: command.operation_id,
        outcome: 'succeeded',
        action: 'deleted',
        trigger: 'auto',
        candidate_id: id,
        target: { media_type: 'movie', media_id: movie.media_id, title: movie.title },
        bytes_freed: 20_000_000_000,
      },
    ],
    totals: {
      reclaimed_bytes_total: 20_000_000_000,
      reclaimed_items_total: 1,
      reclaimed_bytes_last_30_days: 20_000_000_000,
      failed_total: 0,
    },
  });
  const receiptId = history.body.items[0]?.id ?? 0;
  const full = await world.api<Receipt>('GET', `/api/media/reclaim-history/${receiptId}`, {
    principal: ADMIN,
  });
  expect(full.body).toMatchObject({
    rules: [{ rule_id: rule.body.id, rule_name: 'Old films' }],
    approved_by: { type: 'system', id: 'auto-delete' },
    delay_days: 0,
  });
  expect(
    (await world.api('GET', `/api/media/reclaim-history/${receiptId}`, { principal: USER })).status,
  ).toBe(403);
  expect(
    (await world.api('GET', `/api/media/reclaim-history/${receiptId + 1}`, { principal: ADMIN }))
      .status,
  ).toBe(404);
  const failedOnly = await world.api<ReclaimPage>(
    'GET',
    '/api/media/reclaim-history?outcome=failed',
    { principal: USER },
  );
  expect(failedOnly.body).toMatchObject({ items: [], total: 0 });
  expect(
    (await world.api('GET', '/api/media/reclaim-history?outcome=gone', { principal: USER })).status,
  ).toBe(422);
});

test('three failures in a row pause automatic attempts and raise delete_failed', async () => {
  await oldFilms();
  await library(60);
  const movie = await movieOf(1970);
  await runScan(world);
  const id = (await candidateOf(movie.media_id)) ?? 0;
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    expect((await runDeletion()).summary.queued).toBe(1);
    const command = (await commands()).at(-1);
    if (!command) throw new Error('a command expected');
    await world.service.db.$transaction((tx) =>
      world.service.services.operationOutcomes.record(
        tx,
        operationCompleted(command, 'failed'),
        new Date(),
      ),
    );
  }
  const candidate = await world.service.db.candidate.findUniqueOrThrow({
    where: { id: BigInt(id) },
  });
  expect(candidate).toMatchObject({ failureCount: 3, lastFailureReason: 'http_500' });
  expect((await runDeletion()).summary).toMatchObject({ queued: 0, skipped: 1 });
  const alerts = await world.service.db.$queryRaw<{ kind: string; subject: string }[]>`
    SELECT kind, subject FROM alerts WHERE resolved_at IS NULL`;
  expect(alerts).toEqual([{ kind: 'delete_failed', subject: String(id) }]);
  // Every finished operation has its receipt, failures included.
  const receipts = await world.service.db.$queryRaw<{ outcome: string; failure_reason: string }[]>`
    SELECT outcome, failure_reason FROM deletion_receipts ORDER BY id`;
  expect(receipts).toEqual(
    Array.from({ length: 3 }, () => ({ outcome: 'failed', failure_reason: 'http_500' })),
  );
});

test('the breaker stops a run that would delete 6 % of the library and deletes nothing', async () => {
  await oldFilms();
  await library(94);
  for (let i = 0; i < 6; i += 1) await movieOf(1960 + i);
  await runScan(world);
  await expect(runDeletion()).rejects.toMatchObject({ code: 'circuit_breaker_tripped' });
  expect(await commands()).toEqual([]);
  expect(await world.service.db.fileOperation.count()).toBe(0);
  const [alert] = await world.service.db.$queryRaw<
    { kind: string; data: Record<string, unknown> }[]
  >`
    SELECT kind, data FROM alerts`;
  expect(alert).toMatchObject({
    kind: 'auto_delete_circuit_breaker',
    data: { items: 6, files: 6, share: 0.06, run_id: 77 },
  });
  expect((alert?.data.candidate_ids as number[]).length).toBe(6);
});

describe('fresh inputs and now playing (domain.md 6.1 steps 3-4)', () => {
  afterEach(() => {
    catalog.nowPlaying = [];
  });

  test('catalog is asked for the sources the rules read and what plays; a playing movie is refused', async () => {
    await oldFilms();
    await library(60);
    const playing = await movieOf(1980);
    const idle = await movieOf(1981);
    await runScan(world);
    catalog.commands.length = 0;
    catalog.nowPlaying = [
      {
        service_config_id: 1,
        media_type: 'movie',
        media_id: playing.media_id,
        movie_version_id: null,
        episode_id: null,
      },
    ];
    const { summary } = await runDeletion();
    expect(catalog.commands).toEqual([{ run_id: 77, sources: ['now_playing'] }]);
    expect(summary).toMatchObject({ eligible: 2, in_playback: 1, queued: 1 });
    expect((await commands()).map((c) => c.candidate_id)).toEqual([
      await candidateOf(idle.media_id),
    ]);
  });

  test('when catalog cannot say what plays, nothing is deleted', async () => {
    await oldFilms();
    await library(60);
    await movieOf(1980);
    await runScan(world);
    catalog.nowPlaying = null;
    const { summary } = await runDeletion();
    expect(summary).toMatchObject({ eligible: 1, source_unavailable: 1, queued: 0 });
    expect(await commands()).toEqual([]);
  });

  test('nothing eligible asks catalog nothing', async () => {
    await movieOf(1980);
    catalog.commands.length = 0;
    expect((await runDeletion()).summary).toMatchObject({ eligible: 0, queued: 0 });
    expect(catalog.commands).toEqual([]);
  });

  test('a refresh catalog never answers ends the wait with nothing, and a late answer is dropped', async () => {
    const refresher = new InputRefresher({
      db: world.service.db,
      outbox: world.service.runtime.outbox,
      clock: world.clock.now,
      timeoutMs: 300,
      listener: refreshes.listener,
      consumed: new Set(),
    });
    catalog.silent = true;
    try {
      expect(await refresher.refresh(78, ['now_playing'])).toBeNull();
    } finally {
      catalog.silent = false;
    }
    expect(await world.service.db.$queryRaw`SELECT * FROM input_refreshes`).toEqual([]);
  });

  test('an answer counts once the messages catalog committed before it are applied here', async () => {
    const refresherWith = (timeoutMs: number) =>
      new InputRefresher({
        db: world.service.db,
        outbox: world.service.runtime.outbox,
        clock: world.clock.now,
        timeoutMs,
        listener: refreshes.listener,
        consumed: new Set(['media.disk_space_changed']),
      });
    const diskMessage = randomUUID();
    catalog.precededBy = [
      { message_id: diskMessage, name: 'media.disk_space_changed' },
      // A message this service does not consume is not waited for.
      { message_id: randomUUID(), name: 'media.version_added' },
    ];
    try {
      let settled = false;
      const sent = catalog.commands.length;
      const waiting = refresherWith(30_000)
        .refresh(79, ['disk'])
        .finally(() => (settled = true));
      // The answer is stored (the row stays until the wait ends), but the disk message has not
      // arrived.
      await waitFor(async () => {
        const rows = await world.service.db.$queryRaw<unknown[]>`
          SELECT 1 FROM input_refreshes WHERE answer IS NOT NULL`;
        return catalog.commands.length > sent && rows.length > 0;
      });
      expect(settled).toBe(false);
      await publisher.publish(
        'media.disk_space_changed',
        { as_of: new Date().toISOString(), disks: [] },
        { messageId: diskMessage },
      );
      expect(await waiting).toMatchObject({ run_id: 79 });

      // Never applied: the wait ends with nothing.
      catalog.precededBy = [{ message_id: randomUUID(), name: 'media.disk_space_changed' }];
      expect(await refresherWith(300).refresh(80, ['disk'])).toBeNull();
    } finally {
      catalog.precededBy = [];
    }
  });
});
