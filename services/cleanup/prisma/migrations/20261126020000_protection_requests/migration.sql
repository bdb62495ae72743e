-- Protection requests (domain.md 8.1): a user asks, an administrator approves (reusing or
-- widening an overlapping manual/api protection, else creating one) or denies.
CREATE TABLE protection_requests (
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
  -- The requester's display name when asking (names live in the gateway), for admins' lists.
  requested_by_name    TEXT,
  reason               TEXT,
  duration_days        INTEGER CHECK (duration_days BETWEEN 1 AND 3650),
  status               TEXT NOT NULL
    CHECK (status IN ('pending', 'approved', 'denied', 'canceled', 'closed')),
  admin_note           TEXT,
  decided_by_user_id   BIGINT,
  decided_at           TIMESTAMPTZ,
  protection_id        BIGINT,
  close_reason         TEXT,
  created_at           TIMESTAMPTZ NOT NULL,
  updated_at           TIMESTAMPTZ NOT NULL
);
CREATE INDEX protection_requests_order_idx ON protection_requests (created_at DESC, id DESC);
-- Pending requests block automatic deletion and are checked for duplicates, per root item.
CREATE INDEX protection_requests_pending_idx ON protection_requests (media_type, media_id)
  WHERE status = 'pending';
