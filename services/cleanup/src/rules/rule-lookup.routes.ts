import type { Router } from 'express';
import { Input, requireUser } from '@mcs/kit';
import { MEDIA_TYPES } from '../targets/target-input';
import type { RuleLookupService } from './rule-lookup.service';

/** The rule editor's value lookups (internal-api.md 10), administrators only (seed rule 4). */
export function ruleLookupRoutes(api: Router, lookups: RuleLookupService): void {
  const filterOf = (query: Input) => ({
    mediaType: query.oneOf('media_type', MEDIA_TYPES),
    search: query.string('search', { min: 1, max: 200 }),
  });

  api.get('/rules/genres', async (req, res) => {
    requireUser(res, 'admin');
    const query = new Input('query', req.query);
    const filter = filterOf(query);
    query.done();
    res.json(await lookups.genres(filter));
  });

  api.get('/rules/media-server-collections', async (req, res) => {
    requireUser(res, 'admin');
    const query = new Input('query', req.query);
    const filter = filterOf(query);
    query.done();
    res.json(await lookups.serverCollections(filter));
  });

  api.get('/rules/original-languages', async (req, res) => {
    requireUser(res, 'admin');
    const query = new Input('query', req.query);
    const filter = filterOf(query);
    const paging = query.paging();
    query.done();
    res.json(await lookups.languages(filter, paging));
  });

  api.get('/rules/origin-countries', async (req, res) => {
    requireUser(res, 'admin');
    const query = new Input('query', req.query);
    const filter = filterOf(query);
    const paging = query.paging();
    query.done();
    res.json(await lookups.countries(filter, paging));
  });

  api.get('/rules/movie-collections', async (req, res) => {
    requireUser(res, 'admin');
    const query = new Input('query', req.query);
    const search = query.string('search', { min: 1, max: 200 });
    const paging = query.paging();
    query.done();
    res.json(await lookups.movieCollections(search, paging));
  });

  api.get('/rules/seerr-users', async (req, res) => {
    requireUser(res, 'admin');
    const query = new Input('query', req.query);
    const search = query.string('search', { min: 1, max: 200 });
    const paging = query.paging();
    query.done();
    res.json(await lookups.seerrUsers(search, paging));
  });

  api.get('/rules/playback-users', async (req, res) => {
    requireUser(res, 'admin');
    const query = new Input('query', req.query);
    const search = query.string('search', { min: 1, max: 200 });
    const serviceConfigId = query.int('service_config_id', { min: 1 });
    query.done();
    res.json(await lookups.playbackUsers({ search, serviceConfigId }));
  });
}
