import { lazy, Suspense, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api, type Schemas } from '../../api/client';
import { asProblem } from '../../api/problem';
import { TaskCard } from './TaskCard';

type TaskView = Schemas['TaskView'];

// The editor brings cron-parser and its date library; the task list does not need them.
const ScheduleDialog = lazy(() =>
  import('./ScheduleDialog').then((m) => ({ default: m.ScheduleDialog })),
);

const RUN_CONFLICTS: Record<string, string> = {
  task_disabled: 'is disabled. Enable it in its schedule first, then run it.',
  main_server_required:
    'needs a main media server and none is configured. Add one in Settings → Services.',
};

/** The task catalogue with Run and Edit schedule on each task. */
export function TaskList({ tasks, hasMainServer }: { tasks: TaskView[]; hasMainServer: boolean }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<TaskView | null>(null);
  const run = api.useMutation('post', '/api/tasks/tasks/{task_id}/run', {
    meta: { inline: true },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['get', '/api/tasks/tasks'] });
      void queryClient.invalidateQueries({ queryKey: ['get', '/api/tasks/history'] });
    },
  });

  const start = (task: TaskView) =>
    run.mutate(
      { params: { path: { task_id: task.id } } },
      {
        onSuccess: (result) =>
          toast.success(
            result.already_active
              ? `${task.name} is already ${result.status}; following that run.`
              : `${task.name}: queued.`,
          ),
        onError: (error) => {
          const problem = asProblem(error);
          const plain = problem.code ? RUN_CONFLICTS[problem.code] : undefined;
          toast.error(plain ? `${task.name} ${plain}` : problem.detail, {
            description: problem.request_id ? `Request id ${problem.request_id}` : undefined,
          });
        },
      },
    );

  return (
    <>
      <ul className="task-list">
        {tasks.map((task) => (
          <TaskCard
            key={task.id}
            task={task}
            hasMainServer={hasMainServer}
            running={run.isPending && run.variables.params.path.task_id === task.id}
            onRun={() => start(task)}
            onEdit={() => setEditing(task)}
          />
        ))}
      </ul>
      {editing && (
        <Suspense fallback={null}>
          <ScheduleDialog task={editing} onClose={() => setEditing(null)} />
        </Suspense>
      )}
    </>
  );
}
