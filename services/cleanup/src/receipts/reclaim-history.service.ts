import { type Clock, limitOffset, NotFound, pageOf, type Paging } from '@mcs/kit';
import type { Db } from '../db';
import {
  findReceipt,
  listReceipts,
  reclaimTotals,
  type ReceiptFilters,
} from './receipt.repository';
import { receiptSummaryView, receiptView } from './receipt.view';

/** The reclaim history (domain.md 6.9): receipts newest first, and the totals. */
export class ReclaimHistoryService {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  async list(filters: ReceiptFilters, paging: Paging) {
    const { db, clock } = this.deps;
    const { rows, total } = await listReceipts(db, filters, limitOffset(paging));
    return {
      ...pageOf(rows.map(receiptSummaryView), total, paging),
      totals: await reclaimTotals(db, clock()),
    };
  }

  async get(id: number) {
    const row = await findReceipt(this.deps.db, id);
    if (!row) throw new NotFound(`Receipt ${id} does not exist.`);
    return receiptView(row);
  }
}
