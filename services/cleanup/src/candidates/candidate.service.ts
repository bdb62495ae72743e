import { NotFound, type Clock, limitOffset, pageOf, type Paging } from '@mcs/kit';
import type { Db } from '../db';
import type { MediaType } from '../domain/target';
import {
  type CandidateFilters,
  countCandidates,
  findCandidate,
  type GroupFilters,
  type GroupSort,
  listCandidateGroups,
  listCandidates,
} from './candidate-query.repository';
import { candidateView } from './candidate.view';

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

  /** `GET /api/media/candidates`: a page of movie and series groups of the filtered candidates. */
  async groups(
    filters: GroupFilters,
    order: { sortBy: GroupSort; direction: 'asc' | 'desc' },
    paging: Paging,
  ) {
    const now = this.deps.clock();
    const { groups, total } = await listCandidateGroups(
      this.deps.db,
      filters,
      order,
      limitOffset(paging),
      now,
    );
    const items = groups.map((group) => ({
      media_type: group.mediaType,
      media_id: group.mediaId,
      title: group.title,
      year: group.year,
      tmdb_id: group.tmdbId,
      poster_url: group.posterUrl,
      total_estimated_bytes: group.totalEstimatedBytes,
      candidates: group.candidates.map((record) => candidateView(record, now)),
    }));
    return pageOf(items, total, paging);
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
