-- An administrator's confirmation of the held removal set (domain.md 2.11), one row per
-- cleanup job (catalog.removals.confirm). cleanup may send a job's command again in a new
-- message: the row makes the repeat remove nothing (a set held since is not confirmed by it)
-- and lets catalog answer with what the first one removed.
CREATE TABLE removal_confirmations (
  job_id       BIGINT PRIMARY KEY,
  confirmed_by BIGINT NOT NULL,
  confirmed_at TIMESTAMPTZ NOT NULL,
  summary      JSONB NOT NULL,
  created_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);
