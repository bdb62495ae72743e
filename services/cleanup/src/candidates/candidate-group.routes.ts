import type { Router } from 'express';
import { Input } from '@mcs/kit';
import { readCandidateFilters } from './candidate-filters';
import type { CandidateService } from './candidate.service';
import { requireCandidatesPage } from '../http/principal';
import type { CleanupSettingsReader } from '../settings/cleanup-settings';

const SORTS = ['created_at', 'auto_delete_eligible_at', 'title', 'size'] as const;
const ORDERS = ['asc', 'desc'] as const;

/**
 * `GET /api/media/candidates` (internal-api.md 8, seed rule 1): the Candidates page, a page of
 * groups (a movie with its versions, a series with its seasons and episodes), for users with
 * Candidates-page access.
 */
export function candidateGroupRoutes(
  api: Router,
  candidates: CandidateService,
  settings: CleanupSettingsReader,
): void {
  api.get('/media/candidates', async (req, res) => {
    const user = await requireCandidatesPage(res, settings);
    const query = new Input('query', req.query);
    const filters = {
      ...readCandidateFilters(query),
      search: query.string('search', { min: 1, max: 200 }),
      blocked: query.boolean('blocked'),
    };
    const order = {
      sortBy: query.oneOf('sort_by', SORTS) ?? 'created_at',
      direction: query.oneOf('sort_order', ORDERS) ?? 'desc',
    };
    const paging = query.paging();
    query.done();
    res.json(await candidates.groups(filters, order, paging, { admin: user.role === 'admin' }));
  });
}
