import {
  startJobWorker,
  type Clock,
  type JobQueue,
  type Logger,
  type Runtime,
  type SecretBox,
} from '@mcs/kit';
import type { Db, Direct } from '../db';
import { AttemptService } from './attempt.service';
import { DeliveryQueue } from './delivery-queue';
import { deliveryJobs, type DeliveryJobs } from './jobs';
import { ReceiverConnections } from './receiver-connections';
import type { WebhookSettings } from '../settings/webhook-settings';
import type { Resolve } from './sender';
import { DeliverySweeper } from './sweeper';

export interface DeliveryDeps {
  db: Db;
  direct: Direct;
  box: SecretBox;
  jobs: JobQueue<DeliveryJobs>;
  clock: Clock;
  log: Logger;
  version: string;
  random: () => number;
  resolve?: Resolve;
  settings: WebhookSettings;
}

/** The delivery worker's parts (events-webhooks.md §4), built once with the other services. */
export function createDelivery(deps: DeliveryDeps) {
  const { db, jobs, clock, log } = deps;
  const queue = new DeliveryQueue({ db, jobs, clock });
  const connections = new ReceiverConnections();
  return {
    queue,
    connections,
    attempts: new AttemptService({ ...deps, queue, connections }),
    sweeper: new DeliverySweeper({ db, queue, clock, log }),
  };
}

export type Delivery = ReturnType<typeof createDelivery>;

/**
 * Starts attempting deliveries: the `webhooks` queue's worker and the sweeper. A job of a busy
 * endpoint ends at its claim, so one slow receiver occupies one slot at most and the others
 * keep being served (§4.7).
 */
export function startDelivery(
  runtime: Runtime,
  delivery: Delivery,
  options: { concurrency: number },
): void {
  const worker = startJobWorker(
    deliveryJobs,
    {
      attempt_delivery: ({ delivery_id, endpoint_id }) =>
        delivery.attempts.run(
          BigInt(delivery_id),
          endpoint_id === undefined ? undefined : BigInt(endpoint_id),
        ),
    },
    {
      redis: runtime.redis,
      prefix: runtime.config.redis.prefix,
      log: runtime.log,
      concurrency: options.concurrency,
    },
  );
  runtime.onStop({ name: 'delivery worker', close: () => worker.close() });
  // As many endpoints carried on outside the worker's slots as the worker has slots.
  const turns = delivery.attempts.turns.start(options.concurrency);
  runtime.onStop({ name: 'delivery hand-overs', close: turns.stop });
  const sweeper = delivery.sweeper.start();
  runtime.onStop({ name: 'delivery sweeper', close: sweeper.stop });
  // After the worker and the hand-overs: no attempt is left to use a kept connection.
  runtime.onStop({
    name: 'receiver connections',
    close: () => Promise.resolve(delivery.connections.close()),
  });
}
