import type { InternalApi } from '@mcs/contracts';
import { NotFound, type Clock, type UserPrincipal } from '@mcs/kit';
import type { Db } from '../db';
import { confirmationJobOf } from '../domain/alerts';
import { queuedJobOf } from '../domain/deletion/queued-job';
import { confirmationByJob } from '../alerts/alert-confirmation.repository';
import { queuedJobOperations } from './queued-job.repository';

type Job = InternalApi.components['schemas']['Job'];

/**
 * `GET /api/jobs/{job_id}` for cleanup's jobs (internal-api.md 11): the file operations of a
 * manual delete or move or of an approved delete request, or an administrator's alert
 * confirmation (decision 016). Readable by the user who queued the job and by administrators;
 * anyone else learns nothing, not even that it exists (404).
 */
export class QueuedJobService {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  async get(jobId: number, viewer: UserPrincipal): Promise<Job> {
    const { db, clock } = this.deps;
    const confirmation = await confirmationByJob(db, jobId);
    if (confirmation) {
      if (confirmation.confirmedBy !== viewer.id && viewer.role !== 'admin') throw notFound(jobId);
      return confirmationJobOf(confirmation, clock());
    }
    const [first, ...rest] = await queuedJobOperations(db, jobId);
    const own = first?.requestedBy.type === 'user' && first.requestedBy.id === viewer.id;
    if (!first || (!own && viewer.role !== 'admin')) throw notFound(jobId);
    return queuedJobOf(jobId, first, rest);
  }
}

const notFound = (jobId: number) => new NotFound(`No job ${jobId}.`);
