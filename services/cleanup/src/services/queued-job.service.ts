import type { InternalApi } from '@mcs/contracts';
import { NotFound, type UserPrincipal } from '@mcs/kit';
import type { Db } from '../db';
import { queuedJobOf } from '../domain/deletion/queued-job';
import { queuedJobOperations } from '../repositories/queued-job.repository';

/**
 * `GET /api/jobs/{job_id}` for cleanup's jobs (internal-api.md 11): the file operations of a
 * manual delete or move, or of an approved delete request. Readable by the user who queued
 * the job and by administrators; anyone else learns nothing, not even that it exists (404).
 */
export class QueuedJobService {
  constructor(private readonly deps: { db: Db }) {}

  async get(
    jobId: number,
    viewer: UserPrincipal,
  ): Promise<InternalApi.components['schemas']['Job']> {
    const [first, ...rest] = await queuedJobOperations(this.deps.db, jobId);
    const own = first?.requestedBy.type === 'user' && first.requestedBy.id === viewer.id;
    if (!first || (!own && viewer.role !== 'admin')) throw new NotFound(`No job ${jobId}.`);
    return queuedJobOf(jobId, first, rest);
  }
}
