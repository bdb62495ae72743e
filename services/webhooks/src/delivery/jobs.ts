import { defineJobs } from '@mcs/kit';
import { MAX_TIMEOUT_SECONDS } from './lease';

/**
 * The delivery worker's job catalogue (STYLE 5, events-webhooks.md §4.6). A job only says
 * "look at this delivery now": the row holds the whole state, the claim decides whether an
 * attempt happens, so a job that runs twice, late or for a delivery already finished does
 * nothing. Lost jobs are rebuilt by the sweeper.
 */
export const deliveryJobs = defineJobs('webhooks', {
  attempt_delivery: {
    // endpoint_id, when the queuer knew it, lets a job of an endpoint that this process is
    // attempting end without a claim (AttemptService); jobs queued without it claim as usual.
    parse: (data: unknown): { delivery_id: string; endpoint_id?: string } => {
      const { delivery_id: id, endpoint_id: endpoint } = (data ?? {}) as Record<string, unknown>;
      if (!isId(id)) throw new Error('attempt_delivery needs a delivery_id.');
      if (endpoint !== undefined && !isId(endpoint))
        throw new Error('attempt_delivery: endpoint_id must be an id.');
      return { delivery_id: id, ...(endpoint === undefined ? {} : { endpoint_id: endpoint }) };
    },
    // BullMQ retries only what failed before or around the attempt (the database was briefly
    // unreachable). A retry finds the delivery leased or finished and does nothing; an attempt
    // whose outcome was not recorded is repeated by the sweeper once its lease expires.
    attempts: 3,
    backoff: { type: 'exponential', delay: 1000 },
    // The longest endpoint timeout plus the claim and the record transactions.
    timeoutMs: (MAX_TIMEOUT_SECONDS + 30) * 1000,
  },
});

export type DeliveryJobs = typeof deliveryJobs.jobs;

function isId(value: unknown): value is string {
  return typeof value === 'string' && /^[1-9]\d{0,18}$/.test(value);
}

/**
 * What a job id is derived from. BullMQ refuses custom ids with `:` (only a legacy 3-part form
 * passes), so the spec's `webhook-delivery:<id>` is written `webhook-delivery-<id>`.
 */
export interface QueueState {
  id: bigint;
  round: number;
  /** Attempts made in this round. */
  attempts: number;
}

/**
 * The job of the delivery's next attempt: `webhook-delivery-<id>` for a new delivery, and one
 * id per round and attempt after that (`webhook-delivery-<id>-<round>.<attempt>`), so that a
 * retry is not dropped as a duplicate of the attempt job that already finished, while queuing
 * the same attempt twice (the sweeper, a restart) still adds nothing.
 */
export function attemptJobId(state: QueueState): string {
  const next = state.attempts + 1;
  return state.round === 1 && next === 1
    ? `webhook-delivery-${state.id}`
    : `webhook-delivery-${state.id}-${state.round}.${next}`;
}

/**
 * The job that hands an endpoint's next due delivery its turn once attempt `attemptId` (a
 * delivery_attempts row) finished. Per finished attempt, because the delivery's own job may
 * already have run and found the endpoint busy.
 */
export function turnJobId(deliveryId: bigint, attemptId: bigint): string {
  return `webhook-delivery-${deliveryId}-after-${attemptId}`;
}
