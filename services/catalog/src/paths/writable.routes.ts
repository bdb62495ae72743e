import type { Router } from 'express';
import { Input, requireSystem } from '@mcs/kit';
import { readPathList } from './path-list';
import type { WritableResult, WritablePathsService } from './writable.service';

const MAX_PATHS = 10;

/**
 * `POST /api/paths/writable`, for the scheduler only (signed with its own key): before it
 * accepts a move destination it asks whether catalog, which moves the files, can write there.
 * Body `{paths: string[]}` (1-10 absolute paths); answer `{results: [{path, writable, reason?}]}`.
 */
export function writableRoutes(api: Router, writable: WritablePathsService): void {
  api.post('/paths/writable', async (req, res) => {
    requireSystem(res, 'scheduler');
    const body = Input.body(req.body);
    const paths = readPathList(body, MAX_PATHS, (path) =>
      path.startsWith('/') && !path.includes('\0')
        ? undefined
        : 'Must be an absolute path (starting with /).',
    );
    body.done();
    const results: WritableResult[] = await writable.check(paths);
    res.json({ results });
  });
}
