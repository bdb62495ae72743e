import { api } from '../../api/client';
import { formatBytes, formatNumber } from '../../ui/format';

/** What cleanup has reclaimed so far (reclaim history totals); one line, fixed height. */
export function ReclaimSummary() {
  const history = api.useQuery(
    'get',
    '/api/media/reclaim-history',
    { params: { query: { per_page: 1 } } },
    { refetchInterval: 60_000 },
  );
  const totals = history.data?.totals;
  return (
    <p className="muted small reclaim-summary">
      {totals &&
        `Reclaimed ${formatBytes(totals.reclaimed_bytes_total)} in ${formatNumber(
          totals.reclaimed_items_total,
        )} items · ${formatBytes(totals.reclaimed_bytes_last_30_days)} in the last 30 days${
          totals.failed_total > 0 ? ` · ${formatNumber(totals.failed_total)} failed` : ''
        }`}
    </p>
  );
}
