import type { InternalApi } from '@mcs/contracts';
import { type Clock, limitOffset, pageOf, type Paging } from '@mcs/kit';
import type { Db } from '../db';
import { listNotices, markNoticesRead } from './notice.repository';
import { noticeView } from './notice.view';

/** A user's in-app notices (internal-api.md 5): each user sees and marks only their own. */
export class NoticeService {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  async list(userId: number, filters: { unreadOnly: boolean }, paging: Paging) {
    const page = limitOffset(paging);
    const { records, total } = await listNotices(this.deps.db, userId, filters, page);
    return pageOf(records.map(noticeView), total, paging);
  }

  async read(
    userId: number,
    which: { ids: number[] } | 'all',
  ): Promise<InternalApi.components['schemas']['NoticesRead']> {
    return { updated: await markNoticesRead(this.deps.db, userId, which, this.deps.clock()) };
  }
}
