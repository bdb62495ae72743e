import { api } from '../../api/client';
import { EmptyState } from '../../ui/EmptyState';
import { PageHeader } from '../../ui/PageHeader';
import { QueryState } from '../../ui/QueryState';
import { TaskHistory } from './TaskHistory';
import { TaskList } from './TaskList';
import './tasks.css';

/** Live progress: poll every 2 s while any task has an active run, else every 30 s. */
const FAST = 2_000;
const SLOW = 30_000;

/** /tasks: the task catalogue with live runs, schedules, and the run history. */
export function TasksPage() {
  const tasks = api.useQuery(
    'get',
    '/api/tasks/tasks',
    {},
    {
      refetchInterval: (query) =>
        query.state.data?.items.some((task) => task.active_run) ? FAST : SLOW,
    },
  );
  const live = tasks.data?.items.some((task) => task.active_run) ?? false;

  return (
    <>
      <PageHeader title="Tasks" count={tasks.data?.items.length} />
      <QueryState query={tasks} rows={4} rowHeight={220}>
        {(data) =>
          data.items.length === 0 ? (
            <EmptyState title="No tasks">
              The services register their tasks when they start; check that they are running.
            </EmptyState>
          ) : (
            <TaskList tasks={data.items} hasMainServer={data.has_main_server} />
          )
        }
      </QueryState>
      <TaskHistory tasks={tasks.data?.items ?? []} live={live} />
    </>
  );
}
