import { NotFound, type Clock, limitOffset, pageOf, type Paging } from '@mcs/kit';
import type { Db } from '../db';
import type { MediaType } from '../domain/target';
import {
  type CandidateFilters,
  countCandidates,
  findCandidate,
  listCandidates,
} from '../repositories/candidate-query.repository';
import { candidateView } from '../views/candidate.view';

/** Reading candidates (external-api.md 2.3): filtered and paged in SQL, state at request time. */
export class CandidateService {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  async list(filters: CandidateFilters, paging: Paging) {
    const now = this.deps.clock();
    const { records, total } = await listCandidates(
      this.deps.db,
      filters,
      limitOffset(paging),
      now,
    );
    return pageOf(
      records.map((record) => candidateView(record, now)),
      total,
      paging,
    );
  }

  /** `GET /api/media/candidates/presence`: how many candidates, of one item or type, or all. */
  async presence(filter: { mediaType?: MediaType; mediaId?: number }) {
    const count = await countCandidates(this.deps.db, filter);
    return { has_candidates: count > 0, count };
  }

  async get(id: number) {
    const now = this.deps.clock();
    const record = await findCandidate(this.deps.db, id, now);
    if (!record) throw new NotFound(`Candidate ${id} was not found.`);
    return candidateView(record, now);
  }
}
