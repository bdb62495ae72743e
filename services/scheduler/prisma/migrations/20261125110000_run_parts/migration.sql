-- Each participating service's end of a run (domain.md §9). A task's run completes when every
-- participant has reported: its owner alone for most tasks, every service that keeps data for a
-- bounded time for weekly_house_keeping. Kept with the run (trimmed together).
CREATE TABLE task_run_parts (
  run_id          BIGINT NOT NULL REFERENCES task_runs (id) ON DELETE CASCADE,
  service         TEXT NOT NULL,
  status          TEXT NOT NULL CHECK (status IN ('completed', 'error')),
  items_processed INTEGER CHECK (items_processed >= 0),
  summary         JSONB NOT NULL DEFAULT '{}',
  error           TEXT,
  completed_at    TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (run_id, service)
);
