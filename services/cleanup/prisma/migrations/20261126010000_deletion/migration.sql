-- Cleanup II, the deletion flow (domain.md 6): operations, their outcome, receipts, the
-- breaker's alert, and the candidate fields the flow writes.

ALTER TABLE candidates
  ADD COLUMN completed_action    TEXT CHECK (completed_action IN ('unmonitored_only')),
  ADD COLUMN completed_at        TIMESTAMPTZ,
  ADD COLUMN failure_count       INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN last_failure_reason TEXT;

-- The rest of domain.md 6.3. Rows written before this migration (none outside tests) keep
-- the defaults.
ALTER TABLE file_operations
  ADD COLUMN trigger                 TEXT NOT NULL DEFAULT 'auto'
    CHECK (trigger IN ('auto', 'manual', 'delete_request')),
  ADD COLUMN series_id               BIGINT,
  ADD COLUMN season_number           INTEGER,
  ADD COLUMN episode_number          INTEGER,
  ADD COLUMN arr_action              TEXT CHECK (arr_action IN ('delete', 'unmonitor', 'unmonitor_only')),
  ADD COLUMN media_server_action     TEXT CHECK (media_server_action IN ('delete', 'none')),
  ADD COLUMN allowed_arr_service_ids BIGINT[],
  ADD COLUMN requested_by_type       TEXT NOT NULL DEFAULT 'system'
    CHECK (requested_by_type IN ('system', 'user')),
  ADD COLUMN requested_by_id         BIGINT,
  ADD COLUMN run_id                  BIGINT,
  -- The job of a manual delete or move (202 job_id), from file_operation_jobs.
  ADD COLUMN job_id                  BIGINT,
  -- What the administrator gave as the reason of a manual delete or move.
  ADD COLUMN reason                  TEXT,
  -- The candidate as it was queued ({candidate, matched_criteria}): its event and receipt are
  -- built from it, whichever of catalog's removal and outcome messages cleanup reads first.
  -- Candidate actions are refused while the operation is pending, so it does not go stale.
  ADD COLUMN candidate_snapshot      JSONB,
  ADD COLUMN failure_reason          TEXT,
  ADD COLUMN route                   JSONB,
  ADD COLUMN files                   JSONB NOT NULL DEFAULT '[]',
  ADD COLUMN bytes_freed             BIGINT,
  ADD COLUMN attempt_log             JSONB NOT NULL DEFAULT '[]',
  ADD COLUMN warnings                JSONB NOT NULL DEFAULT '[]',
  ADD COLUMN started_at              TIMESTAMPTZ,
  ADD COLUMN finished_at             TIMESTAMPTZ;
CREATE SEQUENCE file_operation_jobs;
CREATE INDEX file_operations_job_idx ON file_operations (job_id) WHERE job_id IS NOT NULL;
CREATE INDEX file_operations_candidate_idx ON file_operations (candidate_id)
  WHERE candidate_id IS NOT NULL;

-- One immutable receipt per finished operation, success or failure (domain.md 6.8): what was
-- acted on and why (rules, the conditions that qualified it), who approved it, how fresh the
-- data was, the route and the files. Files carry names only: catalog never sends a path.
CREATE TABLE deletion_receipts (
  id                   BIGSERIAL PRIMARY KEY,
  operation_id         BIGINT NOT NULL UNIQUE REFERENCES file_operations (id),
  outcome              TEXT NOT NULL CHECK (outcome IN ('succeeded', 'failed')),
  failure_reason       TEXT,
  trigger              TEXT NOT NULL CHECK (trigger IN ('auto', 'manual', 'delete_request')),
  action               TEXT NOT NULL
    CHECK (action IN ('deleted', 'moved', 'unmonitored', 'unmonitored_only')),
  approved_by          JSONB NOT NULL,
  candidate_id         BIGINT,
  candidate_created_at TIMESTAMPTZ,
  eligible_at          TIMESTAMPTZ,
  delay_days           INTEGER,
  media_type           TEXT NOT NULL CHECK (media_type IN ('movie', 'series')),
  scope                TEXT NOT NULL,
  media_id             BIGINT NOT NULL,
  movie_version_id     BIGINT,
  season_id            BIGINT,
  episode_id           BIGINT,
  title                TEXT NOT NULL,
  year                 INTEGER,
  tmdb_id              BIGINT,
  season_number        INTEGER,
  episode_number       INTEGER,
  files                JSONB NOT NULL,
  rules                JSONB NOT NULL,
  evidence             JSONB NOT NULL,
  source_freshness     JSONB NOT NULL,
  route                JSONB,
  bytes_freed          BIGINT,
  warnings             JSONB NOT NULL,
  created_at           TIMESTAMPTZ NOT NULL
);
CREATE INDEX deletion_receipts_order_idx ON deletion_receipts (created_at DESC, id DESC);

-- Alerts cleanup raises (auto_delete_circuit_breaker, delete_failed). One active alert per
-- kind and subject; a repeat updates it.
CREATE TABLE alerts (
  id          BIGSERIAL PRIMARY KEY,
  kind        TEXT NOT NULL,
  subject     TEXT NOT NULL DEFAULT '',
  message     TEXT NOT NULL,
  data        JSONB NOT NULL DEFAULT '{}',
  created_at  TIMESTAMPTZ NOT NULL,
  updated_at  TIMESTAMPTZ NOT NULL,
  resolved_at TIMESTAMPTZ
);
CREATE UNIQUE INDEX alerts_active_idx ON alerts (kind, subject) WHERE resolved_at IS NULL;
