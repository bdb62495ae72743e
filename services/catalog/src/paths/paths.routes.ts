import type { Router } from 'express';
import { Input, requireUser } from '@mcs/kit';
import type { PathsService } from './paths.service';

const MEDIA_TYPES = ['movie', 'series'] as const;
const MAX_PATHS = 50;
const MAX_PATH_LENGTH = 4096;

/** The rule editor's path helpers (internal-api.md 10), administrators only: they show paths. */
export function pathsRoutes(api: Router, paths: PathsService): void {
  api.post('/rules/validate-paths', async (req, res) => {
    requireUser(res, 'admin');
    const body = Input.body(req.body);
    body.required('paths');
    const list = body.array('paths') ?? [];
    if (body.has('paths') && (list.length < 1 || list.length > MAX_PATHS))
      body.fail('paths', `Must hold 1 to ${MAX_PATHS} paths.`);
    list.forEach((value, index) => {
      if (typeof value !== 'string' || value.length < 1 || value.length > MAX_PATH_LENGTH)
        body.fail(`paths[${index}]`, `Must be a string of 1 to ${MAX_PATH_LENGTH} characters.`);
    });
    const mediaType = body.oneOf('media_type', MEDIA_TYPES);
    body.done();
    res.json(await paths.validate(list as string[], { mediaType }));
  });

  api.get('/rules/path-tree', async (req, res) => {
    requireUser(res, 'admin');
    const query = new Input('query', req.query);
    const scope = {
      mediaType: query.oneOf('media_type', MEDIA_TYPES),
      libraryId: query.int('library_id', { min: 1 }),
    };
    const prefix = query.string('prefix', { min: 1, max: MAX_PATH_LENGTH });
    const depth = query.int('depth', { min: 1, max: 3 }) ?? 1;
    query.done();
    res.json(await paths.tree(prefix, depth, scope));
  });
}
