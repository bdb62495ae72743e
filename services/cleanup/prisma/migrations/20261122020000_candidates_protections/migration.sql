-- Candidates, protections and the media projection they rest on (issue 5), plus the
-- idempotency records of the mutating /api/v1 operations cleanup owns.

-- Outcomes of idempotent API requests (copied from packages/kit/sql/messaging-tables.sql).
CREATE TABLE idempotent_requests (
  token_id   BIGINT NOT NULL,
  key        TEXT NOT NULL,
  status     INTEGER NOT NULL,
  body       JSONB NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (token_id, key)
);
CREATE INDEX idempotent_requests_created_at_idx ON idempotent_requests (created_at);

-- ---------------------------------------------------------------- media projection
-- Catalog's media facts as its media.* events carry them. Typed columns hold what cleanup
-- queries; `facts` keeps the rest of the event for rule evaluation.
CREATE TABLE media_items (
  media_type     TEXT NOT NULL CHECK (media_type IN ('movie', 'series')),
  media_id       BIGINT NOT NULL,
  tmdb_id        BIGINT NOT NULL,
  title          TEXT NOT NULL,
  year           INTEGER,
  facts          JSONB NOT NULL,
  as_of          TIMESTAMPTZ NOT NULL,
  removed_at     TIMESTAMPTZ,
  -- occurred_at of the latest media.removed / media.restored applied (they may arrive out of order)
  presence_as_of TIMESTAMPTZ,
  PRIMARY KEY (media_type, media_id)
);
CREATE INDEX media_items_tmdb_idx ON media_items (tmdb_id);

CREATE TABLE movie_versions (
  id           BIGINT PRIMARY KEY,
  movie_id     BIGINT NOT NULL,
  file_name    TEXT NOT NULL,
  size_bytes   BIGINT,
  resolution   TEXT,
  video_codec  TEXT,
  hdr          BOOLEAN,
  dolby_vision BOOLEAN,
  facts        JSONB NOT NULL
);
CREATE INDEX movie_versions_movie_idx ON movie_versions (movie_id);

CREATE TABLE seasons (
  id            BIGINT PRIMARY KEY,
  series_id     BIGINT NOT NULL,
  season_number INTEGER NOT NULL,
  facts         JSONB NOT NULL
);
CREATE INDEX seasons_series_idx ON seasons (series_id);

CREATE TABLE episodes (
  id              BIGINT PRIMARY KEY,
  series_id       BIGINT NOT NULL,
  season_id       BIGINT NOT NULL,
  season_number   INTEGER NOT NULL,
  episode_number  INTEGER NOT NULL,
  episode_file_id BIGINT,
  facts           JSONB NOT NULL
);
CREATE INDEX episodes_series_idx ON episodes (series_id);
CREATE INDEX episodes_file_idx ON episodes (episode_file_id) WHERE episode_file_id IS NOT NULL;

CREATE TABLE episode_files (
  id          BIGINT PRIMARY KEY,
  series_id   BIGINT NOT NULL,
  episode_ids BIGINT[] NOT NULL,
  size_bytes  BIGINT,
  facts       JSONB NOT NULL
);
CREATE INDEX episode_files_series_idx ON episode_files (series_id);

-- ---------------------------------------------------------------- candidates
-- The deadline of domain.md 5.1 step 3. Declared IMMUTABLE so a stored generated column and
-- indexes can use it: the interval is built from seconds only (a day is exactly 86 400 s), so
-- the sum does not depend on the session time zone, which is what makes timestamptz + interval
-- merely STABLE in general. src/domain/auto-delete.ts computes the same value in TypeScript.
CREATE FUNCTION auto_delete_deadline(origin TIMESTAMPTZ, delay_days INTEGER, postponed_until TIMESTAMPTZ)
  RETURNS TIMESTAMPTZ LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT greatest(origin + make_interval(secs => delay_days * 86400.0), postponed_until) $$;

CREATE TABLE candidates (
  id                           BIGSERIAL PRIMARY KEY,
  media_type                   TEXT NOT NULL CHECK (media_type IN ('movie', 'series')),
  scope                        TEXT NOT NULL CHECK (scope IN ('movie', 'version', 'series', 'season', 'episode')),
  media_id                     BIGINT NOT NULL,
  movie_version_id             BIGINT,
  series_id                    BIGINT,
  season_id                    BIGINT,
  season_number                INTEGER,
  episode_id                   BIGINT,
  episode_number               INTEGER,
  matched_rule_ids             BIGINT[] NOT NULL,
  matched_criteria             JSONB NOT NULL,
  reason                       TEXT NOT NULL,
  estimated_space_bytes        BIGINT,
  delete_operation             TEXT NOT NULL CHECK (delete_operation IN ('delete', 'move')),
  -- The policy of the matched rules (domain.md 5.1 steps 1-2), written by the scan and by rule
  -- or settings changes, so the derived state can be filtered and counted with indexes.
  auto_delete_configured       BOOLEAN NOT NULL,
  auto_delete_delay_days       INTEGER NOT NULL CHECK (auto_delete_delay_days BETWEEN 0 AND 3650),
  auto_delete_timer_started_at TIMESTAMPTZ,
  auto_delete_postponed_until  TIMESTAMPTZ,
  auto_delete_cancelled_at     TIMESTAMPTZ,
  auto_delete_announced_at     TIMESTAMPTZ,
  lifecycle_reason             TEXT,
  lifecycle_updated_at         TIMESTAMPTZ,
  lifecycle_actor_type         TEXT CHECK (lifecycle_actor_type IN ('api_token', 'user', 'system')),
  lifecycle_actor_id           BIGINT,
  created_at                   TIMESTAMPTZ NOT NULL,
  updated_at                   TIMESTAMPTZ NOT NULL,
  last_matched_at              TIMESTAMPTZ NOT NULL,
  auto_delete_eligible_at      TIMESTAMPTZ GENERATED ALWAYS AS (auto_delete_deadline(
    coalesce(auto_delete_timer_started_at, created_at), auto_delete_delay_days, auto_delete_postponed_until
  )) STORED NOT NULL
);
-- One candidate per target key (scope + the id of the targeted entity).
CREATE UNIQUE INDEX candidates_target_key ON candidates
  (scope, (coalesce(episode_id, season_id, movie_version_id, media_id)));
CREATE INDEX candidates_media_idx ON candidates (media_type, media_id);
CREATE INDEX candidates_order_idx ON candidates (created_at DESC, id DESC);
CREATE INDEX candidates_type_order_idx ON candidates (media_type, created_at DESC, id DESC);
CREATE INDEX candidates_series_idx ON candidates (series_id, season_number, episode_number)
  WHERE series_id IS NOT NULL;
CREATE INDEX candidates_rules_idx ON candidates USING gin (matched_rule_ids);
-- State filters (src/repositories/candidate-state.sql.ts): scheduled, postponed and eligible are
-- ranges over the deadline among active candidates; disabled and canceled are flags.
CREATE INDEX candidates_active_deadline_idx ON candidates (media_type, auto_delete_eligible_at)
  INCLUDE (auto_delete_postponed_until)
  WHERE auto_delete_configured AND auto_delete_cancelled_at IS NULL;
CREATE INDEX candidates_disabled_idx ON candidates (media_type) WHERE NOT auto_delete_configured;
CREATE INDEX candidates_canceled_idx ON candidates (media_type)
  WHERE auto_delete_configured AND auto_delete_cancelled_at IS NOT NULL;

-- ---------------------------------------------------------------- protections
CREATE TABLE protections (
  id               BIGSERIAL PRIMARY KEY,
  media_type       TEXT NOT NULL CHECK (media_type IN ('movie', 'series')),
  scope            TEXT NOT NULL CHECK (scope IN ('movie', 'version', 'series', 'season', 'episode')),
  media_id         BIGINT NOT NULL,
  movie_version_id BIGINT,
  series_id        BIGINT,
  season_id        BIGINT,
  season_number    INTEGER,
  episode_id       BIGINT,
  episode_number   INTEGER,
  source           TEXT NOT NULL CHECK (source IN ('manual', 'api', 'rule')),
  source_rule_id   BIGINT,
  source_rule_name TEXT,
  reason           TEXT,
  permanent        BOOLEAN NOT NULL,
  expires_at       TIMESTAMPTZ,
  created_by_type  TEXT NOT NULL CHECK (created_by_type IN ('api_token', 'user', 'system')),
  created_by_id    BIGINT,
  request_id       BIGINT,
  created_at       TIMESTAMPTZ NOT NULL,
  updated_at       TIMESTAMPTZ NOT NULL,
  CHECK (permanent = (expires_at IS NULL)),
  CHECK ((source = 'rule') = (source_rule_id IS NOT NULL))
);
CREATE INDEX protections_media_idx ON protections (media_type, media_id);
CREATE INDEX protections_version_idx ON protections (movie_version_id) WHERE movie_version_id IS NOT NULL;
CREATE INDEX protections_order_idx ON protections (created_at DESC, id DESC);

-- ---------------------------------------------------------------- file operations
-- Only what the "pending file operation" checks need (409 file_operation_pending); the
-- deletion flow adds the rest of domain.md 6.3.
CREATE TABLE file_operations (
  id               BIGSERIAL PRIMARY KEY,
  candidate_id     BIGINT,
  media_type       TEXT NOT NULL CHECK (media_type IN ('movie', 'series')),
  scope            TEXT NOT NULL CHECK (scope IN ('movie', 'version', 'series', 'season', 'episode')),
  media_id         BIGINT NOT NULL,
  movie_version_id BIGINT,
  season_id        BIGINT,
  episode_id       BIGINT,
  kind             TEXT NOT NULL CHECK (kind IN ('delete', 'move', 'unmonitor', 'unmonitor_only')),
  status           TEXT NOT NULL CHECK (status IN ('queued', 'running', 'verifying', 'succeeded', 'failed', 'canceled')),
  created_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX file_operations_pending_idx ON file_operations (media_type, media_id)
  WHERE status IN ('queued', 'running', 'verifying');
