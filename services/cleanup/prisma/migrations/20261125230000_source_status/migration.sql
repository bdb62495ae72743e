-- The newest full set of catalog's data-source states (media.source_status_changed): one row,
-- replaced only by a newer snapshot. Rule evaluation derives availability from it (domain.md
-- 2.13, 3.10).
CREATE TABLE source_status (
  id SMALLINT PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  as_of TIMESTAMPTZ NOT NULL,
  sources JSONB NOT NULL
);
