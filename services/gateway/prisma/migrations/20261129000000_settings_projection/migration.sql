-- The general settings this service reads (docs/decisions/025): one row, the owner's version.
CREATE TABLE settings_projection (
  id         SMALLINT PRIMARY KEY CHECK (id = 1),
  version    BIGINT NOT NULL,
  settings   JSONB NOT NULL,
  applied_at TIMESTAMPTZ NOT NULL
);

-- The last successful release check (internal-api.md §3): what GET /update-status reports while
-- update_check_enabled is on. One row, written by weekly housekeeping; a failed check keeps it.
CREATE TABLE release_check (
  id             SMALLINT PRIMARY KEY CHECK (id = 1),
  latest_version TEXT NOT NULL,
  release_url    TEXT,
  checked_at     TIMESTAMPTZ NOT NULL
);
