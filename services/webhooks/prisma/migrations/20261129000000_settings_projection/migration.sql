-- The general settings this service reads (docs/decisions/025): one row, the owner's version.
CREATE TABLE settings_projection (
  id         SMALLINT PRIMARY KEY CHECK (id = 1),
  version    BIGINT NOT NULL,
  settings   JSONB NOT NULL,
  applied_at TIMESTAMPTZ NOT NULL
);

-- The service's own copy of event_retention_days and block_private_destinations goes: the
-- projection replaces it. No route ever set it, so it holds the defaults the projection starts
-- from (domain.md §11) and nothing is carried over.
DROP TABLE webhook_settings;
