import type { Router } from 'express';
import { Input, requireUser } from '@mcs/kit';
import type { NoticeService } from './notice.service';

const MAX_IDS = 500;

/** The caller's own notices (internal-api.md 5), for every logged-in user. */
export function noticeRoutes(api: Router, notices: NoticeService): void {
  api.get('/notices', async (req, res) => {
    const user = requireUser(res, 'user');
    const query = new Input('query', req.query);
    const unreadOnly = query.boolean('unread_only') ?? false;
    const paging = query.paging();
    query.done();
    res.json(await notices.list(user.id, { unreadOnly }, paging));
  });

  api.post('/notices/read', async (req, res) => {
    const user = requireUser(res, 'user');
    res.json(await notices.read(user.id, readWhich(req.body)));
  });
}

/** `{ids: [...]}` or `{all: true}`, exactly one of them. */
function readWhich(raw: unknown): { ids: number[] } | 'all' {
  const body = Input.body(raw);
  const all = body.boolean('all') ?? false;
  const list = body.array('ids');
  if (all === (list !== undefined)) body.fail(all ? 'ids' : 'all', 'Send either ids or all: true.');
  if (list !== undefined && (list.length < 1 || list.length > MAX_IDS))
    body.fail('ids', `Must list 1 to ${MAX_IDS} notice ids.`);
  (list ?? []).forEach((id, i) => {
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1)
      body.fail(`ids[${i}]`, 'Must be a positive integer id.');
  });
  body.done();
  return all ? 'all' : { ids: list as number[] };
}
