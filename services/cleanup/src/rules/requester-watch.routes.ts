import type { Router } from 'express';
import { Input, requireUser } from '@mcs/kit';
import { MEDIA_TYPES } from '../targets/target-input';
import type { ExplainQuery, RequesterWatchService } from './requester-watch.service';

const SERIES_SCOPES = ['series', 'season', 'episode'] as const;
const MAX_NUMBER = 100_000;

/**
 * `GET /api/rules/requester-watch-explain` (internal-api.md 10, seed rule 3), administrators
 * only: the report carries requesters' e-mail addresses.
 */
export function requesterWatchRoutes(api: Router, explain: RequesterWatchService): void {
  api.get('/rules/requester-watch-explain', async (req, res) => {
    requireUser(res, 'admin');
    const query = new Input('query', req.query);
    const explainQuery = readExplainQuery(query);
    query.done();
    res.json(await explain.explain(explainQuery));
  });
}

/**
 * `tmdb_id`, or its alias `catalog_id`; a series target's scope and numbers must agree with each
 * other, and a movie takes none of them.
 */
function readExplainQuery(query: Input): ExplainQuery {
  const mediaType = query.oneOf('media_type', MEDIA_TYPES);
  if (!query.has('media_type')) query.fail('media_type', 'Is required.');
  if (query.has('tmdb_id') && query.has('catalog_id'))
    query.fail('catalog_id', 'Give tmdb_id or its alias catalog_id, not both.');
  const idName = query.has('catalog_id') ? 'catalog_id' : 'tmdb_id';
  const tmdbId = query.id(idName);
  const scope = query.oneOf('target_scope', SERIES_SCOPES);
  const seasonNumber = query.int('season_number', { min: 0, max: MAX_NUMBER });
  const episodeNumber = query.int('episode_number', { min: 0, max: MAX_NUMBER });
  if (mediaType === 'movie') {
    for (const name of ['target_scope', 'season_number', 'episode_number'])
      if (query.has(name)) query.fail(name, 'Only series targets take it.');
  }
  const seriesScope = scope ?? 'series';
  if (mediaType === 'series') {
    if (seriesScope !== 'series' && seasonNumber === undefined)
      query.fail('season_number', `Is required for target_scope ${seriesScope}.`);
    if (seriesScope === 'series' && query.has('season_number'))
      query.fail('season_number', 'Only season and episode targets take it.');
    if (seriesScope === 'episode' && episodeNumber === undefined)
      query.fail('episode_number', 'Is required for target_scope episode.');
    if (seriesScope !== 'episode' && query.has('episode_number'))
      query.fail('episode_number', 'Only episode targets take it.');
  }
  return {
    mediaType: mediaType ?? 'movie',
    tmdbId,
    scope: mediaType === 'movie' ? 'movie' : seriesScope,
    seasonNumber,
    episodeNumber,
  };
}
