import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api, type Schemas } from '../../api/client';
import { asProblem } from '../../api/problem';
import { AppDialog } from '../../ui/Dialog';
import { ProblemMessage } from '../../ui/ProblemMessage';
import { describeSchedule } from './schedule';
import { ScheduleForm } from './ScheduleForm';

/** "Edit schedule <task>": the form in a dialog; saving refreshes the task list. */
export function ScheduleDialog({
  task,
  onClose,
}: {
  task: Schemas['TaskView'];
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const save = api.useMutation('put', '/api/tasks/tasks/{task_id}/schedule', {
    meta: { inline: true },
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: ['get', '/api/tasks/tasks'] });
      toast.success(
        `${saved.name}: ${describeSchedule(saved.schedule_type, saved.schedule_value)}${saved.enabled ? '' : ' (disabled)'}`,
      );
      onClose();
    },
  });
  const problem = save.error ? asProblem(save.error) : null;
  // Field and enabled problems are shown on their controls; anything else above the form.
  const placed = problem && (problem.errors?.length || problem.code === 'task_not_disableable');

  return (
    <AppDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Edit schedule ${task.name}`}
    >
      {problem && !placed && <ProblemMessage error={problem} />}
      <p className="muted small">
        Default:{' '}
        {describeSchedule(
          task.default_schedule.schedule_type,
          task.default_schedule.schedule_value,
        )}
        {task.schedule_customized ? ' · currently customized' : ''}
      </p>
      <ScheduleForm
        task={task}
        problem={problem}
        pending={save.isPending}
        onCancel={onClose}
        onSubmit={(body) => save.mutate({ params: { path: { task_id: task.id } }, body })}
      />
    </AppDialog>
  );
}
