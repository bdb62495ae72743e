-- Outcomes of idempotent API requests (packages/kit/sql/messaging-tables.sql):
-- POST /api/v1/tasks/{id}/run is idempotent.
CREATE TABLE idempotent_requests (
  token_id    BIGINT NOT NULL,
  key         TEXT NOT NULL,
  fingerprint TEXT NOT NULL,
  status      INTEGER NOT NULL,
  body        JSONB NOT NULL,
  created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
  expires_at  TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (token_id, key)
);
CREATE INDEX idempotent_requests_expires_at_idx ON idempotent_requests (expires_at);

-- What the operator chose for a task of the catalogue (domain.md §9). No row: the catalogue's
-- defaults apply. A NULL schedule is the default one (never customised), so a new release's
-- default reaches it; `enabled` is the operator's once written.
CREATE TABLE task_settings (
  task_id        TEXT PRIMARY KEY,
  enabled        BOOLEAN NOT NULL,
  schedule_type  TEXT CHECK (schedule_type IN ('interval', 'cron', 'manual')),
  schedule_value TEXT,
  updated_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
  CHECK ((schedule_type IS NULL) = (schedule_value IS NULL))
);

-- Task runs (domain.md §9 run semantics). A row exists from the moment a run is queued.
CREATE TABLE task_runs (
  id              BIGSERIAL PRIMARY KEY,
  task_id         TEXT NOT NULL,
  status          TEXT NOT NULL CHECK (status IN ('queued', 'running', 'completed', 'error')),
  trigger         TEXT NOT NULL CHECK (trigger IN ('schedule', 'manual', 'api')),
  requested_by    JSONB,
  progress        DOUBLE PRECISION CHECK (progress BETWEEN 0 AND 100),
  phase           TEXT,
  items_processed INTEGER CHECK (items_processed >= 0),
  summary         JSONB NOT NULL DEFAULT '{}',
  error           TEXT,
  created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
  started_at      TIMESTAMPTZ,
  completed_at    TIMESTAMPTZ,
  -- Last sign of life from the owner: the heartbeat sweeper ends runs that fell silent.
  heartbeat_at    TIMESTAMPTZ
);
-- At most one active run per task, across replicas.
CREATE UNIQUE INDEX task_runs_one_active_idx ON task_runs (task_id)
  WHERE status IN ('queued', 'running');
CREATE INDEX task_runs_task_created_idx ON task_runs (task_id, created_at DESC, id DESC);

-- catalog's latest word on the main media server (catalog.main_server_changed); one row.
CREATE TABLE main_server (
  id              INTEGER PRIMARY KEY CHECK (id = 1),
  has_main_server BOOLEAN NOT NULL,
  server_type     TEXT,
  as_of           TIMESTAMPTZ NOT NULL
);
