import { useMemo } from 'react';
import { api, type Schemas } from '../../api/client';
import { DateTime } from '../../ui/DateTime';
import { EmptyState } from '../../ui/EmptyState';
import { Pager } from '../../ui/Pager';
import { QueryState } from '../../ui/QueryState';
import { intParam } from '../../ui/int-param';
import { useSearchState } from '../../ui/useSearchState';
import {
  RUN_STATUSES,
  RUN_TRIGGERS,
  formatDuration,
  formatSummary,
  oneOf,
  requestedBy,
} from './history-format';

const PER_PAGE = 25;
const DEFAULTS = { page: '1', task: '', status: '', trigger: '' };

/** Past and current runs, newest first, filtered by task, status and trigger (in the URL). */
export function TaskHistory({ tasks, live }: { tasks: Schemas['TaskView'][]; live: boolean }) {
  const [search, setSearch] = useSearchState(DEFAULTS);
  const page = intParam(search.page, 1);
  const query = api.useQuery(
    'get',
    '/api/tasks/history',
    {
      params: {
        query: {
          page,
          per_page: PER_PAGE,
          task_id: search.task || undefined,
          status: oneOf(search.status, RUN_STATUSES),
          trigger: oneOf(search.trigger, RUN_TRIGGERS),
        },
      },
    },
    { refetchInterval: live ? 5_000 : 60_000, placeholderData: (previous) => previous },
  );
  const names = useMemo(() => new Map(tasks.map((t) => [t.id, t.name])), [tasks]);
  const filtered = Boolean(search.task || search.status || search.trigger);

  return (
    <section aria-labelledby="history-title" className="task-history">
      <h2 id="history-title">
        History {query.data && <span className="count">{query.data.total.toLocaleString()}</span>}
      </h2>
      <div className="toolbar">
        <label className="inline-filter">
          <span>Task</span>
          <select value={search.task} onChange={(e) => setSearch({ task: e.target.value })}>
            <option value="">All tasks</option>
            {tasks.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
        </label>
        <label className="inline-filter">
          <span>Status</span>
          <select value={search.status} onChange={(e) => setSearch({ status: e.target.value })}>
            <option value="">Any status</option>
            {RUN_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <label className="inline-filter">
          <span>Trigger</span>
          <select value={search.trigger} onChange={(e) => setSearch({ trigger: e.target.value })}>
            <option value="">Any trigger</option>
            {RUN_TRIGGERS.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </label>
      </div>
      <QueryState query={query} rows={8} rowHeight={44}>
        {(data) =>
          data.items.length === 0 ? (
            <EmptyState title={filtered ? 'No runs match these filters' : 'No runs yet'}>
              {filtered
                ? 'Clear a filter to see more runs.'
                : 'Runs appear here when a schedule fires or someone presses Run.'}
            </EmptyState>
          ) : (
            <>
              <div className="table-scroll" role="region" aria-label="Task runs" tabIndex={0}>
                <table className="list">
                  <thead>
                    <tr>
                      <th scope="col">Task</th>
                      <th scope="col">Trigger</th>
                      <th scope="col">Requested by</th>
                      <th scope="col">Status</th>
                      <th scope="col">Started</th>
                      <th scope="col">Finished</th>
                      <th scope="col" className="num">
                        Duration
                      </th>
                      <th scope="col">Summary</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.items.map((run) => (
                      <tr key={run.id}>
                        <td>{names.get(run.task_id) ?? run.task_id}</td>
                        <td>{run.trigger}</td>
                        <td>{requestedBy(run)}</td>
                        <td>
                          <span
                            className={`badge state-${run.status === 'error' ? 'failed' : run.status === 'completed' ? 'completed' : 'scheduled'}`}
                          >
                            {run.status}
                          </span>
                        </td>
                        <td>
                          <DateTime value={run.started_at} />
                        </td>
                        <td>
                          <DateTime value={run.completed_at} />
                        </td>
                        <td className="num">{formatDuration(run)}</td>
                        <td className="summary-cell">
                          {run.error ? (
                            <span className="run-error">{run.error}</span>
                          ) : (
                            formatSummary(run.summary) || (run.phase ?? '—')
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Pager
                page={page}
                totalPages={data.total_pages}
                onPage={(p) => setSearch({ page: String(p) })}
              />
            </>
          )
        }
      </QueryState>
    </section>
  );
}
