-- The general settings this service reads (docs/decisions/025): one row, the owner's version.
CREATE TABLE settings_projection (
  id         SMALLINT PRIMARY KEY CHECK (id = 1),
  version    BIGINT NOT NULL,
  settings   JSONB NOT NULL,
  applied_at TIMESTAMPTZ NOT NULL
);
