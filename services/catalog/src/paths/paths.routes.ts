import type { Router } from 'express';
import { Input, requireUser } from '@mcs/kit';
import { MAX_PATH_LENGTH, readPathList } from './path-list';
import type { PathsService } from './paths.service';

const MEDIA_TYPES = ['movie', 'series'] as const;
const MAX_PATHS = 50;

/** The rule editor's path helpers (internal-api.md 10), administrators only: they show paths. */
export function pathsRoutes(api: Router, paths: PathsService): void {
  api.post('/rules/validate-paths', async (req, res) => {
    requireUser(res, 'admin');
    const body = Input.body(req.body);
    const list = readPathList(body, MAX_PATHS);
    const mediaType = body.oneOf('media_type', MEDIA_TYPES);
    body.done();
    res.json(await paths.validate(list, { mediaType }));
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
