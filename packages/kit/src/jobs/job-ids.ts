/**
 * Job ids name their owner (internal-api.md 11, decision 014). A 202 answer's `job_id` comes
 * from the service that queued the work, and `GET /api/jobs/{job_id}` must reach that service:
 * each owner draws its ids from its own block of 2^40, so the gateway routes by arithmetic and
 * keeps no registry. Task runs are the scheduler's run ids (block 0: the external API's
 * `job_id` = `run_id`); cleanup's file-operation jobs start at 2^40 (its sequence's migration).
 */
export const JOB_ID_BLOCK = 2 ** 40;

const OWNERS = ['scheduler', 'cleanup'] as const;
export type JobOwner = (typeof OWNERS)[number];

/** The service whose block holds `jobId`; undefined for a block nobody draws from. */
export function jobOwner(jobId: number): JobOwner | undefined {
  return OWNERS[Math.floor(jobId / JOB_ID_BLOCK)];
}
