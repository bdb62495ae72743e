-- Delete requests (domain.md 8.2): a user asks for media to be deleted; an administrator's
-- approval starts the manual delete flow for the target, and the request follows its operation.
CREATE TABLE delete_requests (
  id                   BIGSERIAL PRIMARY KEY,
  media_type           TEXT NOT NULL CHECK (media_type IN ('movie', 'series')),
  scope                TEXT NOT NULL CHECK (scope IN ('movie', 'version', 'series', 'season', 'episode')),
  media_id             BIGINT NOT NULL,
  movie_version_id     BIGINT,
  series_id            BIGINT,
  season_id            BIGINT,
  season_number        INTEGER,
  episode_id           BIGINT,
  episode_number       INTEGER,
  requested_by_user_id BIGINT NOT NULL,
  requested_by_name    TEXT,
  reason               TEXT,
  status               TEXT NOT NULL CHECK (status IN
    ('pending', 'approved', 'completed', 'failed', 'denied', 'canceled', 'closed')),
  admin_note           TEXT,
  decided_by_user_id   BIGINT,
  decided_at           TIMESTAMPTZ,
  operation_id         BIGINT,
  failure_reason       TEXT,
  close_reason         TEXT,
  created_at           TIMESTAMPTZ NOT NULL,
  updated_at           TIMESTAMPTZ NOT NULL
);
CREATE INDEX delete_requests_order_idx ON delete_requests (created_at DESC, id DESC);
CREATE INDEX delete_requests_pending_idx ON delete_requests (media_type, media_id)
  WHERE status = 'pending';

-- The request an operation executes; its outcome completes or fails the request.
ALTER TABLE file_operations ADD COLUMN delete_request_id BIGINT;
