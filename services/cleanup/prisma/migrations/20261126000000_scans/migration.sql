-- Cleanup II, scans (domain.md 4): cleanup runs its own tasks now.

-- Cleanup's side of the task runs it executes (the scheduler owns the run history); the kit's
-- TaskRunner reads and moves these rows, as in catalog.
CREATE TABLE task_runs (
  run_id          BIGINT PRIMARY KEY,
  task_id         TEXT NOT NULL,
  trigger         TEXT NOT NULL,
  status          TEXT NOT NULL CHECK (status IN ('queued', 'running', 'completed', 'error')),
  progress        DOUBLE PRECISION,
  items_processed INTEGER,
  summary         JSONB NOT NULL DEFAULT '{}',
  error           TEXT,
  created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
  started_at      TIMESTAMPTZ,
  completed_at    TIMESTAMPTZ
);
CREATE INDEX task_runs_queued_idx ON task_runs (run_id) WHERE status = 'queued';

-- Since when a scan could not decide the candidate (a needed source was unavailable); cleared
-- by the next scan that decides it (domain.md 4.1 step 5).
ALTER TABLE candidates ADD COLUMN unknown_since TIMESTAMPTZ;

-- 20261125220000_rules created a second GIN index on matched_rule_ids beside
-- candidates_rules_idx; one is enough.
DROP INDEX candidates_matched_rule_ids_idx;
