-- The task list reads each task's last finished run by index (run.repository.ts
-- lastFinishedPerTask), instead of sorting every recorded run on each read.
CREATE INDEX task_runs_task_finished_idx ON task_runs (task_id, completed_at DESC, id DESC)
  WHERE completed_at IS NOT NULL;
