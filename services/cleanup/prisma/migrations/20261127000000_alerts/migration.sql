-- The administrator alert list (internal-api.md 5, decision 016). cleanup raises its own alerts,
-- task_failure from task.run_failed, and keeps catalog's from alert.raised / alert.resolved.
ALTER TABLE alerts
  ADD COLUMN severity    TEXT NOT NULL DEFAULT 'warning' CHECK (severity IN ('info', 'warning', 'critical')),
  ADD COLUMN title       TEXT NOT NULL DEFAULT '',
  -- The administrator who confirmed or dismissed it; null while active or when the condition
  -- ended on its own.
  ADD COLUMN resolved_by BIGINT;

-- Housekeeping purges resolved alerts after 90 days (domain.md 9).
CREATE INDEX alerts_resolved_idx ON alerts (resolved_at) WHERE resolved_at IS NOT NULL;

-- An administrator's confirmation of a guard or breaker alert, read by GET /api/jobs/{job_id}
-- (kind alert_confirmation). The id comes from cleanup's job block (decision 014).
CREATE TABLE alert_confirmations (
  job_id        BIGINT PRIMARY KEY,
  alert_id      BIGINT      NOT NULL REFERENCES alerts (id) ON DELETE CASCADE,
  kind          TEXT        NOT NULL CHECK (kind IN ('auto_delete_circuit_breaker', 'sync_mass_removal_blocked')),
  confirmed_by  BIGINT      NOT NULL,
  -- The breaker's confirmed set: the next run may act on at most these (domain.md 6.2).
  candidate_ids BIGINT[]    NOT NULL DEFAULT '{}',
  status        TEXT        NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'completed')),
  result        JSONB,
  created_at    TIMESTAMPTZ NOT NULL,
  -- A breaker confirmation no run used by then is failed (confirmation_expired) when read.
  expires_at    TIMESTAMPTZ,
  finished_at   TIMESTAMPTZ
);

-- The open breaker confirmations a deletion run reads.
CREATE INDEX alert_confirmations_open_idx ON alert_confirmations (expires_at)
  WHERE status = 'queued';

-- The latest time another service reported about each (kind, subject), raise or resolution:
-- a report observed before it arrived late (the consumer handles messages concurrently and
-- retries them) and changes nothing. Reported times are compared only with each other, never
-- with cleanup's clock. The upsert's row lock also serialises reports about one alert.
CREATE TABLE alert_reports (
  kind        TEXT        NOT NULL,
  subject     TEXT        NOT NULL,
  observed_at TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (kind, subject)
);
