import { randomUUID } from 'node:crypto';
import type { MessagePayload } from '@mcs/contracts';
import { recordMessages, waitFor, type MessageRecorder } from '@mcs/kit/testing';
import { Pool } from 'pg';
import { createDb, SCHEMA } from '../../src/db';
import { InputRefresher } from '../../src/scan/input-refresher';
import { useRefreshAnswers, useRefreshListener } from '../support/catalog-refresh';
import { conditionsRule, ruleCalls } from '../support/rules';
import { useWorld } from '../support/world';

type Ended = MessagePayload<'task.run_completed'> | MessagePayload<'task.run_failed'>;

/**
 * A scan's input refresh (domain.md 4.1 step 2) is an awaited reply: the run waits for catalog's
 * answer and the messages catalog sent before it, woken by their commits, never by a timer
 * (decision 024).
 */
const TIMEOUT_MS = 4000;
const world = useWorld({ inputRefreshTimeoutMs: TIMEOUT_MS });
const catalog = useRefreshAnswers(world);
const refreshes = useRefreshListener(world);
let ended: MessageRecorder<Ended>;

beforeAll(async () => {
  ended = await recordMessages<Ended>(world.env.namespace, [
    'task.run_completed',
    'task.run_failed',
  ]);
  const rule = await ruleCalls(world).create(
    conditionsRule('Unmonitored', [{ field: 'arr.monitored', operator: 'is_false' }]),
  );
  expect(rule.status).toBe(201);
});
afterAll(() => ended.close());
afterEach(() => {
  catalog.silent = false;
  catalog.precededBy = [];
});

const startScan = (runId: number) =>
  world.service.runtime.publisher.publish('task.run.scan_cleanup_candidates', {
    run_id: runId,
    task_id: 'scan_cleanup_candidates',
    trigger: 'manual',
    requested_by: null,
  });

const endOf = (runId: number) =>
  waitFor(() => ended.messages.find((message) => message.payload.run_id === runId), {
    timeoutMs: 30_000,
    what: `run ${runId} to end`,
  });

const answerStored = async () =>
  (
    await world.service.db.$queryRaw<unknown[]>`
      SELECT 1 FROM input_refreshes WHERE answer IS NOT NULL`
  ).length > 0;

test('a scan waits for catalog to answer and for the messages sent before the answer, then runs', async () => {
  catalog.silent = true;
  await startScan(501);
  await waitFor(() => catalog.commands.find((command) => command.run_id === 501), {
    what: 'the refresh command',
  });
  expect(catalog.commands.at(-1)).toEqual({ run_id: 501, sources: ['arr'] });

  // Answered, but a disk-space message catalog committed before its answer is still on its way.
  const disk = randomUUID();
  catalog.precededBy = [{ message_id: disk, name: 'media.disk_space_changed' }];
  await catalog.release(501);
  await waitFor(answerStored, { what: 'the answer to be stored' });
  expect(ended.messages.find((message) => message.payload.run_id === 501)).toBeUndefined();

  await world.service.runtime.publisher.publish(
    'media.disk_space_changed',
    { as_of: new Date().toISOString(), disks: [] },
    { messageId: disk },
  );
  expect(await endOf(501)).toMatchObject({ name: 'task.run_completed' });
});

test('a scan catalog does not answer fails, naming the cause', async () => {
  catalog.silent = true;
  await startScan(502);
  const end = await endOf(502);
  expect(end).toMatchObject({
    name: 'task.run_failed',
    payload: {
      error_code: 'inputs_refresh_unanswered',
      error: 'Catalog did not answer the input refresh (catalog.inputs.refresh) within 4 s.',
    },
  });
  expect(await world.service.db.candidate.count()).toBe(0);
});

describe('the database is read only when a commit wakes the wait', () => {
  // The refresher's own pool, counting every connection it takes (one per statement or
  // transaction): a 100 ms poll would take one per look.
  let pool: Pool;
  let db: ReturnType<typeof createDb>;
  let taken = 0;
  beforeAll(() => {
    pool = new Pool({
      connectionString: world.env.databaseUrl,
      max: 2,
      options: `-c search_path=${SCHEMA}`,
    });
    pool.on('acquire', () => (taken += 1));
    db = createDb(pool);
  });
  afterAll(async () => {
    await db.$disconnect();
    await pool.end();
  });

  const refresher = (timeoutMs: number) =>
    new InputRefresher({
      db,
      outbox: world.service.runtime.outbox,
      clock: world.clock.now,
      timeoutMs,
      listener: refreshes.listener,
      consumed: new Set(),
    });

  test('without an answer: the command, one look, and the cleanup at the deadline', async () => {
    catalog.silent = true;
    taken = 0;
    expect(await refresher(2000).refresh(503, ['now_playing'])).toBeNull();
    expect(taken).toBe(3);
  });

  test('with an answer: one more look when it commits, and the wait ends then', async () => {
    catalog.silent = true;
    taken = 0;
    const sent = catalog.commands.length;
    const waiting = refresher(60_000).refresh(504, ['now_playing']);
    // The command's transaction and the first look are behind it.
    await waitFor(() => catalog.commands.length > sent && taken >= 2, { what: 'the first look' });
    taken = 0;
    await catalog.release(504);
    expect(await waiting).toMatchObject({ run_id: 504 });
    // The look the answer's commit woke, and the end of the wait.
    expect(taken).toBe(2);
  });
});
