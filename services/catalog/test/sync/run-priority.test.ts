import { connectRedis, createLogger, JobQueue, runTaskJob, startJobWorker } from '@mcs/kit';
import { createTestEnv, TEST_REDIS_URL, waitFor, type TestEnv } from '@mcs/kit/testing';
import { catalogJobs } from '../../src/jobs/catalogue';

/**
 * Manual and API runs are queued ahead of scheduled ones (domain.md §9): with a backlog in
 * catalog's real job queue, a manual run added after two scheduled ones starts first.
 */
let env: TestEnv;
let redis: ReturnType<typeof connectRedis>;

beforeAll(async () => {
  env = await createTestEnv();
  redis = connectRedis(TEST_REDIS_URL);
});
afterAll(async () => {
  redis.disconnect();
  await env.cleanup();
});

test('a manual run added behind scheduled runs is started before them', async () => {
  const options = { redis, prefix: env.redisPrefix };
  const queue = new JobQueue(catalogJobs, options);
  for (const [runId, trigger] of [
    [1, 'schedule'],
    [2, 'schedule'],
    [3, 'manual'],
    [4, 'api'],
  ] as const)
    await queue.enqueue('run_task', { run_id: runId }, runTaskJob({ runId, trigger }));

  const started: number[] = [];
  const idle = () => Promise.resolve();
  const worker = startJobWorker(
    catalogJobs,
    {
      run_task: ({ run_id }) => {
        started.push(run_id);
        return Promise.resolve();
      },
      execute_operation: idle,
      apply_tags: idle,
      refresh_inputs: idle,
      backfill: idle,
    },
    { ...options, log: createLogger({ service: 'test', level: 'silent' }), concurrency: 1 },
  );
  try {
    await waitFor(() => started.length === 4);
    expect(started).toEqual([3, 4, 1, 2]);
  } finally {
    await worker.close();
    await queue.close();
  }
});
