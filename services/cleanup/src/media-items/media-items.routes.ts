import type { Router } from 'express';
import { Input, pathId, requireUser } from '@mcs/kit';
import { hasCandidatesPage } from '../http/principal';
import type { CleanupSettingsReader } from '../settings/cleanup-settings';
import { MEDIA_TYPES } from '../targets/target-input';
import type { MediaItemService } from './media-items.service';

/** `GET /api/media/items` and its detail (internal-api.md 8): the media browser, for users. */
export function mediaItemRoutes(
  api: Router,
  services: { mediaItems: MediaItemService; settings: CleanupSettingsReader },
): void {
  api.get('/media/items', async (req, res) => {
    const user = requireUser(res, 'user');
    const query = new Input('query', req.query);
    const filters = {
      mediaType: query.oneOf('media_type', MEDIA_TYPES),
      search: query.string('search', { min: 1, max: 200 }),
      includeRemoved: query.boolean('include_removed') ?? false,
    };
    const paging = query.paging();
    query.done();
    const candidates = await hasCandidatesPage(user, services.settings);
    res.json(await services.mediaItems.list(filters, paging, candidates));
  });

  api.get('/media/items/:media_type/:media_id', async (req, res) => {
    const user = requireUser(res, 'user');
    const path = new Input('path', req.params);
    const mediaType = path.oneOf('media_type', MEDIA_TYPES);
    path.done();
    const mediaId = pathId(req.params, 'media_id');
    const candidates = await hasCandidatesPage(user, services.settings);
    res.json(await services.mediaItems.get(mediaType!, mediaId, candidates));
  });
}
