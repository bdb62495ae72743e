import { createLogger, JobQueue, startJobWorker } from '@mcs/kit';
import { TestClock, waitFor } from '@mcs/kit/testing';
import { DeliveryQueue } from '../src/delivery/delivery-queue';
import { deliveryJobs, type DeliveryJobs } from '../src/delivery/jobs';
import { useWorld } from './support/world';

/**
 * The order in which the `webhooks` queue hands out its jobs: an endpoint's turn after an
 * attempt (the hand-over) before the first-attempt jobs queued ahead of it, which in a burst
 * mostly find their endpoint busy and end. The service's own worker is off; this test's
 * worker runs one job at a time on a queue of its own, under the test's Redis prefix.
 */
const world = useWorld({ deliver: false });
const log = createLogger({ service: 'test', level: 'silent' });
let jobs: JobQueue<DeliveryJobs>;
let worker: ReturnType<typeof startJobWorker> | undefined;

afterAll(async () => {
  await worker?.close();
  await jobs.close();
});

test("a hand-over queued after a burst's first-attempt jobs runs before them", async () => {
  const { redis } = world.service.runtime;
  const prefix = `${world.env.redisPrefix}:order`;
  jobs = new JobQueue(deliveryJobs, { redis, prefix });
  const queue = new DeliveryQueue({ db: world.service.db, jobs, clock: new TestClock().now });
  await queue.enqueueNew([11n, 12n, 13n]);
  await queue.handOver(14n, 99n);

  const ran: string[] = [];
  worker = startJobWorker(
    deliveryJobs,
    { attempt_delivery: ({ delivery_id }) => Promise.resolve(void ran.push(delivery_id)) },
    { redis, prefix, log, concurrency: 1 },
  );
  await waitFor(() => ran.length === 4, { what: 'four jobs run' });

  expect(ran).toEqual(['14', '11', '12', '13']);
});
