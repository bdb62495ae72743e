import { Redis } from 'ioredis';
import type { Worker } from 'bullmq';
import {
  createLogger,
  defineJobs,
  JobQueue,
  MissingJobHandler,
  runWithContext,
  startJobWorker,
  correlationId,
} from '@mcs/kit';
import { TEST_REDIS_URL, uniqueName, waitFor } from '@mcs/kit/testing';

const log = createLogger({ service: 'test', level: 'silent' });
const positiveInt = (data: unknown) => {
  const id = (data as { delivery_id?: unknown }).delivery_id;
  if (!Number.isSafeInteger(id) || (id as number) < 1)
    throw new Error('delivery_id must be a positive integer');
  return { delivery_id: id as number };
};
const catalogue = defineJobs('webhooks', {
  deliver: {
    parse: positiveInt,
    attempts: 2,
    backoff: { type: 'fixed', delay: 10 },
    timeoutMs: 200,
  },
  sweep: { parse: () => ({}), attempts: 1, backoff: { type: 'fixed', delay: 10 }, timeoutMs: 1000 },
});

let redis: Redis;
let prefix: string;
let queue: JobQueue<typeof catalogue.jobs>;
const workers: Worker[] = [];

beforeAll(() => {
  redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
});
beforeEach(() => {
  prefix = uniqueName('t');
  queue = new JobQueue(catalogue, { redis, prefix });
});
afterEach(async () => {
  for (const worker of workers.splice(0)) await worker.close();
  await queue.close();
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
});
afterAll(() => redis.quit());

test('a worker refuses to start when a job of its catalogue has no handler', () => {
  expect(() =>
    startJobWorker(catalogue, { deliver: () => Promise.resolve() } as never, {
      redis,
      prefix,
      log,
    }),
  ).toThrow(new MissingJobHandler('Queue webhooks: no handler for sweep.'));
});

test('a job runs with its parsed data and the correlation id of whoever queued it', async () => {
  const seen: unknown[] = [];
  workers.push(
    startJobWorker(
      catalogue,
      {
        deliver: (data) => Promise.resolve(void seen.push([data.delivery_id, correlationId()])),
        sweep: () => Promise.resolve(),
      },
      { redis, prefix, log },
    ),
  );
  await runWithContext({ correlationId: 'req-7' }, () =>
    queue.enqueue('deliver', { delivery_id: 5 }, { jobId: 'delivery-5' }),
  );
  await waitFor(() => seen.length === 1);
  expect(seen).toEqual([[5, 'req-7']]);
});

test('the same job id queued twice runs once', async () => {
  let runs = 0;
  await queue.enqueue('deliver', { delivery_id: 6 }, { jobId: 'delivery-6' });
  await queue.enqueue('deliver', { delivery_id: 6 }, { jobId: 'delivery-6' });
  workers.push(
    startJobWorker(
      catalogue,
      { deliver: () => Promise.resolve(void (runs += 1)), sweep: () => Promise.resolve() },
      { redis, prefix, log },
    ),
  );
  await queue.enqueue('sweep', {}, { jobId: 'sweep-after' });
  await waitFor(async () => (await queue.bull.getJobCounts('completed')).completed === 2);
  expect(runs).toBe(1);
});

test('jobs queued together run once each, and one whose id is already queued is not added again', async () => {
  const runs: number[] = [];
  await queue.enqueue('deliver', { delivery_id: 8 }, { jobId: 'delivery-8' });
  await queue.enqueueMany('deliver', [
    { data: { delivery_id: 7 }, options: { jobId: 'delivery-7' } },
    { data: { delivery_id: 8 }, options: { jobId: 'delivery-8' } },
    { data: { delivery_id: 9 }, options: { jobId: 'delivery-9' } },
  ]);
  workers.push(
    startJobWorker(
      catalogue,
      {
        deliver: (data) => Promise.resolve(void runs.push(data.delivery_id)),
        sweep: () => Promise.resolve(),
      },
      { redis, prefix, log },
    ),
  );
  await queue.enqueue('sweep', {}, { jobId: 'sweep-after-many' });
  await waitFor(async () => (await queue.bull.getJobCounts('completed')).completed === 4);
  expect([...runs].sort((a, b) => a - b)).toEqual([7, 8, 9]);
});

test('invalid job data is refused when queued together with valid data', async () => {
  await expect(
    queue.enqueueMany('deliver', [
      { data: { delivery_id: 10 }, options: { jobId: 'delivery-10' } },
      { data: { delivery_id: -1 }, options: { jobId: 'bad-many' } },
    ]),
  ).rejects.toThrow('positive integer');
  expect(await queue.bull.getJob('delivery-10')).toBeUndefined();
});

test('invalid job data is refused when queued', async () => {
  await expect(queue.enqueue('deliver', { delivery_id: -1 }, { jobId: 'bad' })).rejects.toThrow(
    'positive integer',
  );
});

test('a job that exceeds its timeout fails, is retried per its catalogue entry, and its handler sees the abort', async () => {
  let aborted = 0;
  workers.push(
    startJobWorker(
      catalogue,
      {
        deliver: (_data, { signal }) =>
          new Promise((resolve) =>
            signal.addEventListener('abort', () => resolve(void (aborted += 1))),
          ),
        sweep: () => Promise.resolve(),
      },
      { redis, prefix, log },
    ),
  );
  await queue.enqueue('deliver', { delivery_id: 8 }, { jobId: 'delivery-8' });
  const job = await waitFor(async () => {
    const failed = await queue.bull.getFailed();
    return failed[0];
  });
  expect(job.failedReason).toBe('Job timed out after 200 ms.');
  expect(job.attemptsMade).toBe(2);
  expect(aborted).toBe(2);
});
