import type { Router } from 'express';
import { Input, requireSystem } from '@mcs/kit';
import type { WritableResult, WritablePathsService } from './writable.service';

const MAX_PATHS = 10;
const MAX_PATH_LENGTH = 4096;

/**
 * `POST /api/paths/writable`, for the scheduler only (signed with its own key): before it
 * accepts a move destination it asks whether catalog, which moves the files, can write there.
 * Body `{paths: string[]}` (1-10 absolute paths); answer `{results: [{path, writable, reason?}]}`.
 */
export function writableRoutes(api: Router, writable: WritablePathsService): void {
  api.post('/paths/writable', async (req, res) => {
    requireSystem(res, 'scheduler');
    const body = Input.body(req.body);
    body.required('paths');
    const list = body.array('paths') ?? [];
    if (body.has('paths') && (list.length < 1 || list.length > MAX_PATHS))
      body.fail('paths', `Must hold 1 to ${MAX_PATHS} paths.`);
    list.forEach((value, index) => {
      if (typeof value !== 'string' || value.length < 1 || value.length > MAX_PATH_LENGTH)
        body.fail(`paths[${index}]`, `Must be a string of 1 to ${MAX_PATH_LENGTH} characters.`);
      else if (!value.startsWith('/') || value.includes('\0'))
        body.fail(`paths[${index}]`, 'Must be an absolute path (starting with /).');
    });
    body.done();
    const results: WritableResult[] = await writable.check(list as string[]);
    res.json({ results });
  });
}
