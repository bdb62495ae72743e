import { NotFound, type Clock, limitOffset, pageOf, type Paging } from '@mcs/kit';
import type { Db, Direct } from '../db';
import type { MediaType } from '../domain/target';
import {
  type CandidateFilters,
  type CandidateRecord,
  countCandidates,
  findCandidate,
  type GroupFilters,
  type GroupSort,
  listCandidateGroups,
  listCandidates,
} from './candidate-query.repository';
import { candidateView } from './candidate.view';
import { operationDefaults, operationPlan } from '../domain/deletion/operation-plan';
import type { CleanupSettingsReader } from '../settings/cleanup-settings';
import {
  candidateDetails,
  candidateRuleActions,
  latestOperations,
} from './candidate-view.repository';
import { candidateInternalView } from './candidate-internal.view';

/** Reading candidates (external-api.md 2.3): filtered and paged in SQL, state at request time. */
export class CandidateService {
  constructor(
    private readonly deps: {
      db: Db;
      direct: Direct;
      clock: Clock;
      settings: CleanupSettingsReader;
    },
  ) {}

  async list(filters: CandidateFilters, paging: Paging) {
    const now = this.deps.clock();
    const { records, total } = await listCandidates(
      this.deps.direct,
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

  /**
   * `GET /api/media/candidates`: a page of movie and series groups of the filtered candidates,
   * each candidate a CandidateView (internal-api.md 1.3) as `viewer` may see it.
   */
  async groups(
    filters: GroupFilters,
    order: { sortBy: GroupSort; direction: 'asc' | 'desc' },
    paging: Paging,
    viewer: { admin: boolean },
  ) {
    const now = this.deps.clock();
    const { groups, total } = await listCandidateGroups(
      this.deps.direct,
      filters,
      order,
      limitOffset(paging),
      now,
    );
    const parts = await this.pageParts(groups.flatMap((group) => group.candidates));
    const items = groups.map((group) => ({
      media_type: group.mediaType,
      media_id: group.mediaId,
      title: group.title,
      year: group.year,
      tmdb_id: group.tmdbId,
      poster_url: group.posterUrl,
      total_estimated_bytes: group.totalEstimatedBytes,
      candidates: group.candidates.map((record) =>
        candidateInternalView(
          record,
          { ...parts(record), posterUrl: group.posterUrl },
          viewer,
          now,
        ),
      ),
    }));
    return pageOf(items, total, paging);
  }

  /**
   * What the page adds to each candidate, read for all of them at once. arr_action and
   * media_server_action are what a file operation queued now would get: the combination over
   * the enabled matched candidate rules (domain.md 3.8, the same plan the deletion flow
   * computes, 4.2 "derived on read"), not a stored operation's, which may predate a rule edit.
   */
  private async pageParts(records: CandidateRecord[]) {
    const { direct } = this.deps;
    const ids = records.map((record) => record.id);
    const ruleIds = [...new Set(records.flatMap((record) => record.matchedRuleIds))];
    const [details, operations, actions, settings] = await Promise.all([
      candidateDetails(direct, ids),
      latestOperations(direct, ids),
      candidateRuleActions(direct, ruleIds),
      this.deps.settings.current(),
    ]);
    const defaults = operationDefaults(settings);
    return (record: CandidateRecord) => ({
      details: details.get(record.id),
      operation: operations.get(record.id),
      plan: operationPlan(
        record.mediaType,
        record.matchedRuleIds.flatMap((id) => actions.get(id) ?? []),
        record.deleteOperation,
        defaults,
      ),
    });
  }

  /** `GET /api/media/candidates/presence`: how many candidates, of one item or type, or all. */
  async presence(filter: { mediaType?: MediaType; mediaId?: number }) {
    const count = await countCandidates(this.deps.direct, filter);
    return { has_candidates: count > 0, count };
  }

  async get(id: number) {
    const now = this.deps.clock();
    const record = await findCandidate(this.deps.db, id, now);
    if (!record) throw new NotFound(`Candidate ${id} was not found.`);
    return candidateView(record, now);
  }
}
