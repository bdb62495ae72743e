-- In-app notices to users (internal-api.md 5, domain.md 8.1): a requester learns that an
-- administrator decided their request. Cleanup owns them because requests are the only source
-- of notices; weekly housekeeping purges those older than 90 days (domain.md 9).
CREATE TABLE notices (
  id         BIGSERIAL PRIMARY KEY,
  user_id    BIGINT      NOT NULL,
  level      TEXT        NOT NULL CHECK (level IN ('info', 'success', 'warning')),
  title      TEXT        NOT NULL,
  message    TEXT        NOT NULL,
  link       TEXT,
  created_at TIMESTAMPTZ NOT NULL,
  read_at    TIMESTAMPTZ
);

-- A user's page, newest first; the unread count of the sidebar.
CREATE INDEX notices_user_idx ON notices (user_id, id DESC);
CREATE INDEX notices_unread_idx ON notices (user_id) WHERE read_at IS NULL;
CREATE INDEX notices_created_idx ON notices (created_at);
