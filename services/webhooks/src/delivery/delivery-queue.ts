import type { Clock, JobQueue } from '@mcs/kit';
import type { Db } from '../db';
import type { NewDelivery } from '../feed/feed.repository';
import { deliveryRepository } from './delivery.repository';
import { attemptJobId, turnJobId, type DeliveryJobs, type QueueState } from './jobs';

export type DueState = QueueState & { endpointId: bigint; nextAttemptAt: Date };

/**
 * Puts delivery attempts on the `webhooks` queue (events-webhooks.md §4.1, §4.6). Every call
 * comes after the commit of the rows it points at: the job reads them. BullMQ only times the
 * attempts; a job lost here is rebuilt by the sweeper from the rows.
 */
export class DeliveryQueue {
  constructor(private readonly deps: { db: Db; jobs: JobQueue<DeliveryJobs>; clock: Clock }) {}

  /**
   * Deliveries the feed just created (after its commit): `pending`, first attempt, due now
   * (§4.1), so their job ids need no look-up. One canceled meanwhile finds nothing to claim.
   */
  async enqueueNew(deliveries: readonly NewDelivery[]): Promise<void> {
    // One Redis round trip for the event's deliveries rather than one each.
    await this.deps.jobs.enqueueMany(
      'attempt_delivery',
      deliveries.map(({ id, endpointId }) => ({
        data: jobData(id, endpointId),
        options: { jobId: attemptJobId({ id, round: 1, attempts: 0 }) },
      })),
    );
  }

  /** Manually retried deliveries: their next attempt. */
  async enqueue(ids: readonly bigint[]): Promise<void> {
    if (ids.length === 0) return;
    for (const state of await deliveryRepository.queueStates(this.deps.db, ids))
      await this.add(state.id, null, attemptJobId(state), state.nextAttemptAt);
  }

  /** The next attempt after a retryable failure, at its due time. */
  async scheduleRetry(state: DueState): Promise<void> {
    await this.add(state.id, state.endpointId, attemptJobId(state), state.nextAttemptAt);
  }

  /** The endpoint's next due delivery, once attempt `attemptId` freed the endpoint (§4.7). */
  async handOver(next: NewDelivery, attemptId: bigint): Promise<void> {
    await this.add(next.id, next.endpointId, turnJobId(next.id, attemptId), null);
  }

  /**
   * The sweeper's call for a due delivery: true when a job was added or brought forward. Its
   * attempt job may be waiting or running (nothing to do), delayed although the row is due
   * (brought forward: the row is the truth), finished (it ran while the endpoint was busy, or
   * before a crash) or gone (Redis lost its data): then it is added again.
   */
  async ensure(state: DueState): Promise<boolean> {
    const jobId = attemptJobId(state);
    const job = await this.deps.jobs.bull.getJob(jobId);
    if (job) {
      const jobState = await job.getState();
      // A job that moves on between the look and the change was picked up meanwhile.
      if (jobState === 'delayed')
        return job.promote().then(
          () => true,
          () => false,
        );
      if (jobState !== 'completed' && jobState !== 'failed' && jobState !== 'unknown') return false;
      const removed = await job.remove().then(
        () => true,
        () => false,
      );
      if (!removed) return false;
    }
    await this.add(state.id, state.endpointId, jobId, state.nextAttemptAt);
    return true;
  }

  private async add(
    deliveryId: bigint,
    endpointId: bigint | null,
    jobId: string,
    dueAt: Date | null,
  ): Promise<void> {
    const delayMs = dueAt === null ? 0 : Math.max(0, dueAt.getTime() - this.deps.clock().getTime());
    await this.deps.jobs.enqueue('attempt_delivery', jobData(deliveryId, endpointId), {
      jobId,
      delayMs,
    });
  }
}

function jobData(deliveryId: bigint, endpointId: bigint | null) {
  return endpointId === null
    ? { delivery_id: String(deliveryId) }
    : { delivery_id: String(deliveryId), endpoint_id: String(endpointId) };
}
