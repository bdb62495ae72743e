import { Pencil, Play } from 'lucide-react';
import type { Schemas } from '../../api/client';
import { DateTime } from '../../ui/DateTime';
import { describeSchedule } from './schedule';
import { RunProgress } from './RunProgress';

type TaskView = Schemas['TaskView'];

function runBlocker(task: TaskView, hasMainServer: boolean): string | null {
  if (!task.enabled) return 'Disabled: enable it in its schedule to run it.';
  if (task.requires_main_server && !hasMainServer)
    return 'Needs a main media server: add one in Settings → Services.';
  return null;
}

/** One task: what it does, its schedule, the live run row, and Run / Edit schedule. */
export function TaskCard({
  task,
  hasMainServer,
  running,
  onRun,
  onEdit,
}: {
  task: TaskView;
  hasMainServer: boolean;
  running: boolean;
  onRun: () => void;
  onEdit: () => void;
}) {
  const blocker = runBlocker(task, hasMainServer);
  return (
    <li className="card task-card">
      <div className="task-head">
        <h2 className="task-name">{task.name}</h2>
        <span className={`badge state-${task.enabled ? task.status : 'disabled'}`}>
          {task.enabled ? task.status : 'disabled'}
        </span>
      </div>
      <p className="task-description muted">{task.description}</p>
      <dl className="task-facts">
        <div>
          <dt>Schedule</dt>
          <dd>
            {describeSchedule(task.schedule_type, task.schedule_value)}
            {task.schedule_customized && <span className="badge">customized</span>}
          </dd>
        </div>
        <div>
          <dt>Next run</dt>
          <dd>
            {task.enabled && task.next_run_at ? (
              <DateTime value={task.next_run_at} relative />
            ) : (
              '—'
            )}
          </dd>
        </div>
        <div>
          <dt>Default</dt>
          <dd>
            {describeSchedule(
              task.default_schedule.schedule_type,
              task.default_schedule.schedule_value,
            )}
          </dd>
        </div>
        <div>
          <dt>Runs on</dt>
          <dd>{task.owning_service}</dd>
        </div>
      </dl>
      <RunProgress taskName={task.name} active={task.active_run} last={task.last_run} />
      <div className="task-actions">
        <button
          type="button"
          className="button primary"
          aria-label={`Run ${task.name}`}
          aria-describedby={blocker ? `task-${task.id}-blocker` : undefined}
          disabled={running}
          onClick={onRun}
        >
          <Play aria-hidden size={16} /> Run
        </button>
        <button
          type="button"
          className="button"
          aria-label={`Edit schedule ${task.name}`}
          onClick={onEdit}
        >
          <Pencil aria-hidden size={16} /> Edit schedule
        </button>
      </div>
      {blocker && (
        <p className="muted small" id={`task-${task.id}-blocker`}>
          {blocker}
        </p>
      )}
    </li>
  );
}
