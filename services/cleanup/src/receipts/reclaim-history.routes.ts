import type { Router } from 'express';
import { Input, pathId, requireUser } from '@mcs/kit';
import { MEDIA_TYPES } from '../targets/target-input';
import type { ReclaimHistoryService } from './reclaim-history.service';
import { requireCandidatesPage } from '../http/principal';
import type { CleanupSettingsReader } from '../settings/cleanup-settings';

/**
 * Reclaim history (internal-api.md 8): the list with Candidates-page access, one receipt for
 * admins.
 */
export function reclaimHistoryRoutes(
  api: Router,
  history: ReclaimHistoryService,
  settings: CleanupSettingsReader,
): void {
  api.get('/media/reclaim-history', async (req, res) => {
    await requireCandidatesPage(res, settings);
    const query = new Input('query', req.query);
    const paging = query.paging();
    const filters = {
      outcome: query.oneOf('outcome', ['succeeded', 'failed'] as const),
      trigger: query.oneOf('trigger', ['auto', 'manual', 'delete_request'] as const),
      mediaType: query.oneOf('media_type', MEDIA_TYPES),
      from: query.timestamp('from'),
      to: query.timestamp('to'),
    };
    query.done();
    res.json(await history.list(filters, paging));
  });

  api.get('/media/reclaim-history/:receipt_id', async (req, res) => {
    requireUser(res, 'admin');
    res.json(await history.get(pathId(req.params, 'receipt_id')));
  });
}
