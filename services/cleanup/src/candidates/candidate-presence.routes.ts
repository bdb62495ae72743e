import type { Router } from 'express';
import { Input } from '@mcs/kit';
import { MEDIA_TYPES } from '../targets/target-input';
import type { CandidateService } from './candidate.service';
import { requireCandidatesPage } from '../http/principal';
import type { CleanupSettingsReader } from '../settings/cleanup-settings';

/** `GET /api/media/candidates/presence` (internal-api.md 8), with Candidates-page access. */
export function candidatePresenceRoutes(
  api: Router,
  candidates: CandidateService,
  settings: CleanupSettingsReader,
): void {
  api.get('/media/candidates/presence', async (req, res) => {
    await requireCandidatesPage(res, settings);
    const query = new Input('query', req.query);
    const mediaType = query.oneOf('media_type', MEDIA_TYPES);
    const mediaId = query.int('media_id', { min: 1 });
    if (mediaId !== undefined && mediaType === undefined)
      query.fail('media_id', 'Needs media_type: ids are per media type.');
    query.done();
    res.json(await candidates.presence({ mediaType, mediaId }));
  });
}
