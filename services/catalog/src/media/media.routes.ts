import type { Router } from 'express';
import { SORT_FIELDS, SORT_ORDERS, type MediaKind } from '../domain/media-query';
import { Input, pathId } from '@mcs/kit';
import type { MediaService } from './media.service';

/** `catalog_id` is an alias of `tmdb_id` (external-api.md 1.7); the gateway resolves it too. */
function tmdbIdOf(query: Input): number | undefined {
  const tmdbId = query.int('tmdb_id', { min: 1 });
  const alias = query.int('catalog_id', { min: 1 });
  if (tmdbId !== undefined && alias !== undefined && tmdbId !== alias)
    query.fail('catalog_id', 'Must equal tmdb_id when both are given.');
  return tmdbId ?? alias;
}

const PATHS: Record<MediaKind, string> = { movie: '/v1/movies', series: '/v1/series' };

/** GET /api/v1/movies, /movies/{id}, /series, /series/{id} (external-api.md 2.6). */
export function mediaRoutes(api: Router, media: MediaService): void {
  for (const kind of ['movie', 'series'] as const) {
    api.get(PATHS[kind], async (req, res) => {
      const query = new Input('query', req.query);
      const filters = {
        search: query.string('search', { min: 1, max: 200 }),
        tmdbId: tmdbIdOf(query),
        imdbId: query.string('imdb_id', { min: 1, max: 20 }),
        tvdbId: query.string('tvdb_id', { min: 1, max: 20 }),
        status: query.string('status', { min: 1, max: 50 }),
        includeRemoved: query.boolean('include_removed') ?? false,
      };
      const sort = {
        field: query.oneOf('sort_by', SORT_FIELDS) ?? 'title',
        order: query.oneOf('sort_order', SORT_ORDERS) ?? 'asc',
      };
      const paging = query.paging();
      query.done();
      res.json(await media.list(kind, filters, sort, paging));
    });

    api.get(`${PATHS[kind]}/:media_id`, async (req, res) => {
      res.json(await media.get(kind, pathId(req.params, 'media_id')));
    });
  }
}
