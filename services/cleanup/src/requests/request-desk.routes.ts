import type { Response, Router } from 'express';
import { Input, pathId, requireUser } from '@mcs/kit';
import { callerOf } from '../domain/actor';
import type { RequestStatus } from './request.repository';
import type { RequestCaller, RequestDesk } from './request-desk';

/**
 * The routes both kinds of request share (internal-api.md 9.1-9.2): the list, deny and cancel,
 * under `path` (`/protection-requests`, `/delete-requests`).
 */
export function requestDeskRoutes<V>(
  api: Router,
  path: string,
  desk: RequestDesk<V>,
  statuses: readonly RequestStatus[],
): void {
  api.get(path, async (req, res) => {
    const caller = requestCaller(res, 'user');
    const query = new Input('query', req.query);
    const filters = { status: query.oneOf('status', statuses), mine: query.boolean('mine') };
    const paging = query.paging();
    query.done();
    res.json(await desk.list(caller, filters, paging));
  });

  api.post(`${path}/:request_id/deny`, async (req, res) => {
    const caller = requestCaller(res, 'admin');
    const id = pathId(req.params, 'request_id');
    const body = Input.body(req.body);
    const adminNote = body.reason('admin_note');
    body.done();
    res.json(await desk.deny(id, adminNote, caller));
  });

  api.post(`${path}/:request_id/cancel`, async (req, res) => {
    const caller = requestCaller(res, 'user');
    res.json(await desk.cancel(pathId(req.params, 'request_id'), caller));
  });
}

/** The signed-in user: requests are people's, never an API token's. */
export function requestCaller(res: Response, role: 'user' | 'admin'): RequestCaller {
  const principal = requireUser(res, role);
  return { ...callerOf(principal), userId: principal.id, isAdmin: principal.role === 'admin' };
}
