-- The media library owned by catalog (domain.md 1-2): service configurations, libraries,
-- movies and their versions, series with seasons, episodes and episode files, the Radarr and
-- Sonarr state per instance, watch data, Seerr requests, source states, sync bookkeeping, task
-- runs and file operations it executes, and the projection of cleanup's media links.
--
-- Main-server references (domain.md 1.9) are the `server_*` columns of each entity: there is
-- one main server at a time, and resync_media clears and rebuilds them. Radarr/Sonarr
-- references are the arr_* tables (one row per item per instance, linked to catalog ids).
-- Paths are stored for routing and identity only and never leave the service (1.12).

CREATE TABLE service_configs (
  id                BIGSERIAL PRIMARY KEY,
  service_type      TEXT NOT NULL
                    CHECK (service_type IN ('jellyfin', 'emby', 'plex', 'radarr', 'sonarr', 'seerr', 'tautulli')),
  name              TEXT NOT NULL,
  base_url          TEXT NOT NULL,
  -- AES-256-GCM ciphertext (src/crypto/secret-box.ts); the plaintext key is never stored.
  api_key_encrypted TEXT NOT NULL,
  enabled           BOOLEAN NOT NULL DEFAULT true,
  is_main           BOOLEAN NOT NULL DEFAULT false,
  timeout_seconds   INTEGER NOT NULL DEFAULT 30,
  verify_tls        BOOLEAN NOT NULL DEFAULT true,
  options           JSONB NOT NULL DEFAULT '{}',
  last_ok_at        TIMESTAMPTZ,
  last_error        TEXT,
  created_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at        TIMESTAMPTZ NOT NULL DEFAULT now()
);
-- Exactly one main media server at most, across replicas.
CREATE UNIQUE INDEX service_configs_one_main ON service_configs ((true)) WHERE is_main;

CREATE TABLE libraries (
  id                BIGSERIAL PRIMARY KEY,
  service_config_id BIGINT NOT NULL REFERENCES service_configs (id) ON DELETE CASCADE,
  external_id       TEXT NOT NULL,
  name              TEXT NOT NULL,
  media_type        TEXT NOT NULL CHECK (media_type IN ('movie', 'series')),
  locations         TEXT[] NOT NULL DEFAULT '{}',
  enabled           BOOLEAN NOT NULL DEFAULT true,
  item_count        INTEGER,
  removed_at        TIMESTAMPTZ,
  created_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
  UNIQUE (service_config_id, external_id)
);

-- Movies and series share one id space (media_id): a series id is never a movie id, so the
-- movies route answers 404 for it (external-api.md 2.6).
CREATE SEQUENCE media_id_seq;

CREATE TABLE movies (
  id                       BIGINT PRIMARY KEY DEFAULT nextval('media_id_seq'),
  tmdb_id                  INTEGER NOT NULL,
  imdb_id                  TEXT,
  title                    TEXT NOT NULL,
  original_title           TEXT,
  sort_title               TEXT,
  year                     INTEGER,
  status                   TEXT,
  release_date             DATE,
  genres                   TEXT[] NOT NULL DEFAULT '{}',
  original_language        TEXT,
  origin_countries         TEXT[] NOT NULL DEFAULT '{}',
  collection               JSONB,
  media_server_collections TEXT[] NOT NULL DEFAULT '{}',
  library_ids              BIGINT[] NOT NULL DEFAULT '{}',
  tmdb_vote_average        DOUBLE PRECISION,
  tmdb_vote_count          INTEGER,
  tmdb_popularity          DOUBLE PRECISION,
  imdb_rating              DOUBLE PRECISION,
  imdb_vote_count          INTEGER,
  poster_url               TEXT,
  added_at                 TIMESTAMPTZ,
  arr_added_at             TIMESTAMPTZ,
  is_monitored             BOOLEAN,
  arr_tags                 TEXT[] NOT NULL DEFAULT '{}',
  radarr_service_ids       BIGINT[] NOT NULL DEFAULT '{}',
  -- Sum of the live versions' sizes; null without a sized live version. Kept by the sync.
  size_bytes               BIGINT,
  view_count               INTEGER NOT NULL DEFAULT 0,
  last_viewed_at           TIMESTAMPTZ,
  metadata_refreshed_at    TIMESTAMPTZ,
  server_item_id           TEXT,
  removed_at               TIMESTAMPTZ,
  created_at               TIMESTAMPTZ NOT NULL DEFAULT now(),
  -- Every change of the item's facts (or of its versions) moves it: it is the facts' as_of.
  updated_at               TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX movies_live_tmdb_idx ON movies (tmdb_id) WHERE removed_at IS NULL;
CREATE INDEX movies_tmdb_idx ON movies (tmdb_id);
CREATE INDEX movies_imdb_idx ON movies (imdb_id);
CREATE INDEX movies_server_item_idx ON movies (server_item_id);
CREATE INDEX movies_updated_at_idx ON movies (updated_at);
CREATE INDEX movies_title_idx ON movies (lower(title), id);

CREATE TABLE movie_versions (
  id                     BIGSERIAL PRIMARY KEY,
  movie_id               BIGINT NOT NULL REFERENCES movies (id),
  path                   TEXT NOT NULL,
  file_name              TEXT NOT NULL,
  size_bytes             BIGINT,
  duration_ms            BIGINT,
  container              TEXT,
  width                  INTEGER,
  height                 INTEGER,
  resolution             TEXT,
  video_codec            TEXT,
  hdr                    BOOLEAN,
  dolby_vision           BOOLEAN,
  bitrate_kbps           INTEGER,
  added_at               TIMESTAMPTZ,
  file_added_at          TIMESTAMPTZ,
  fingerprint            TEXT NOT NULL,
  server_file_id         TEXT,
  server_part_id         TEXT,
  -- "<radarr service_config_id>:<movieFile id>" of the Radarr file mapped to this version.
  arr_key                TEXT,
  disk_id                TEXT,
  removed_at             TIMESTAMPTZ,
  removal_cause          TEXT
                         CHECK (removal_cause IN ('left_library', 'replaced', 'deleted_by_service', 'moved_by_service')),
  replaced_by_version_id BIGINT,
  created_at             TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at             TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX movie_versions_live_idx ON movie_versions (movie_id) WHERE removed_at IS NULL;
CREATE INDEX movie_versions_path_idx ON movie_versions (path) WHERE removed_at IS NULL;

CREATE TABLE series (
  id                         BIGINT PRIMARY KEY DEFAULT nextval('media_id_seq'),
  tmdb_id                    INTEGER NOT NULL,
  tvdb_id                    TEXT,
  imdb_id                    TEXT,
  title                      TEXT NOT NULL,
  original_title             TEXT,
  sort_title                 TEXT,
  year                       INTEGER,
  status                     TEXT,
  arr_status                 TEXT,
  first_air_date             DATE,
  last_air_date              DATE,
  genres                     TEXT[] NOT NULL DEFAULT '{}',
  original_language          TEXT,
  origin_countries           TEXT[] NOT NULL DEFAULT '{}',
  media_server_collections   TEXT[] NOT NULL DEFAULT '{}',
  library_ids                BIGINT[] NOT NULL DEFAULT '{}',
  tmdb_vote_average          DOUBLE PRECISION,
  tmdb_vote_count            INTEGER,
  tmdb_popularity            DOUBLE PRECISION,
  imdb_rating                DOUBLE PRECISION,
  imdb_vote_count            INTEGER,
  tmdb_season_count          INTEGER,
  latest_known_season_number INTEGER,
  poster_url                 TEXT,
  added_at                   TIMESTAMPTZ,
  arr_added_at               TIMESTAMPTZ,
  is_monitored               BOOLEAN,
  arr_tags                   TEXT[] NOT NULL DEFAULT '{}',
  sonarr_service_ids         BIGINT[] NOT NULL DEFAULT '{}',
  disk_id                    TEXT,
  size_bytes                 BIGINT,
  view_count                 INTEGER NOT NULL DEFAULT 0,
  last_viewed_at             TIMESTAMPTZ,
  metadata_refreshed_at      TIMESTAMPTZ,
  server_item_id             TEXT,
  removed_at                 TIMESTAMPTZ,
  created_at                 TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at                 TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX series_live_tmdb_idx ON series (tmdb_id) WHERE removed_at IS NULL;
CREATE INDEX series_tmdb_idx ON series (tmdb_id);
CREATE INDEX series_tvdb_idx ON series (tvdb_id);
CREATE INDEX series_imdb_idx ON series (imdb_id);
CREATE INDEX series_server_item_idx ON series (server_item_id);
CREATE INDEX series_updated_at_idx ON series (updated_at);
CREATE INDEX series_title_idx ON series (lower(title), id);

CREATE TABLE seasons (
  id             BIGSERIAL PRIMARY KEY,
  series_id      BIGINT NOT NULL REFERENCES series (id),
  season_number  INTEGER NOT NULL,
  title          TEXT,
  air_date       TIMESTAMPTZ,
  episode_count  INTEGER,
  is_monitored   BOOLEAN,
  added_at       TIMESTAMPTZ,
  server_item_id TEXT,
  removed_at     TIMESTAMPTZ,
  created_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
  UNIQUE (series_id, season_number)
);

CREATE TABLE episode_files (
  id                  BIGSERIAL PRIMARY KEY,
  series_id           BIGINT NOT NULL REFERENCES series (id),
  path                TEXT NOT NULL,
  file_name           TEXT NOT NULL,
  size_bytes          BIGINT,
  duration_ms         BIGINT,
  container           TEXT,
  width               INTEGER,
  height              INTEGER,
  resolution          TEXT,
  video_codec         TEXT,
  hdr                 BOOLEAN,
  dolby_vision        BOOLEAN,
  bitrate_kbps        INTEGER,
  added_at            TIMESTAMPTZ,
  file_added_at       TIMESTAMPTZ,
  fingerprint         TEXT NOT NULL,
  server_file_id      TEXT,
  arr_key             TEXT,
  disk_id             TEXT,
  -- Episodes the file holds (several for a multi-episode file).
  episode_ids         BIGINT[] NOT NULL DEFAULT '{}',
  removed_at          TIMESTAMPTZ,
  removal_cause       TEXT
                      CHECK (removal_cause IN ('left_library', 'replaced', 'deleted_by_service', 'moved_by_service')),
  replaced_by_file_id BIGINT,
  created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX episode_files_live_idx ON episode_files (series_id) WHERE removed_at IS NULL;
CREATE INDEX episode_files_path_idx ON episode_files (series_id, path) WHERE removed_at IS NULL;
-- updated_at marks what a run changed: incremental steps start from these indexes.
CREATE INDEX episode_files_updated_at_idx ON episode_files (updated_at);

CREATE TABLE episodes (
  id              BIGSERIAL PRIMARY KEY,
  series_id       BIGINT NOT NULL REFERENCES series (id),
  season_id       BIGINT NOT NULL REFERENCES seasons (id),
  season_number   INTEGER NOT NULL,
  episode_number  INTEGER NOT NULL,
  title           TEXT,
  air_date        TIMESTAMPTZ,
  is_monitored    BOOLEAN,
  episode_file_id BIGINT REFERENCES episode_files (id),
  added_at        TIMESTAMPTZ,
  view_count      INTEGER NOT NULL DEFAULT 0,
  last_viewed_at  TIMESTAMPTZ,
  server_item_id  TEXT,
  removed_at      TIMESTAMPTZ,
  created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
  UNIQUE (series_id, season_number, episode_number)
);
CREATE INDEX episodes_server_item_idx ON episodes (server_item_id);
CREATE INDEX episodes_updated_at_idx ON episodes (updated_at);
CREATE INDEX episodes_file_idx ON episodes (episode_file_id);

-- Radarr / Sonarr state per instance (their ServiceRefs, domain.md 1.9), linked to catalog ids.
CREATE TABLE arr_movies (
  service_config_id BIGINT NOT NULL REFERENCES service_configs (id) ON DELETE CASCADE,
  arr_id            INTEGER NOT NULL,
  tmdb_id           INTEGER,
  imdb_id           TEXT,
  title             TEXT NOT NULL,
  monitored         BOOLEAN NOT NULL,
  tag_ids           INTEGER[] NOT NULL DEFAULT '{}',
  added_at          TIMESTAMPTZ,
  file_id           INTEGER,
  file_path         TEXT,
  file_size         BIGINT,
  file_added_at     TIMESTAMPTZ,
  movie_id          BIGINT,
  version_id        BIGINT,
  updated_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (service_config_id, arr_id)
);
CREATE INDEX arr_movies_tmdb_idx ON arr_movies (tmdb_id);
CREATE INDEX arr_movies_path_idx ON arr_movies (file_path);
CREATE INDEX arr_movies_movie_idx ON arr_movies (movie_id);
CREATE INDEX arr_movies_version_idx ON arr_movies (version_id);
CREATE INDEX arr_movies_updated_at_idx ON arr_movies (updated_at);

CREATE TABLE arr_series (
  service_config_id BIGINT NOT NULL REFERENCES service_configs (id) ON DELETE CASCADE,
  arr_id            INTEGER NOT NULL,
  tvdb_id           TEXT,
  tmdb_id           INTEGER,
  imdb_id           TEXT,
  title             TEXT NOT NULL,
  status            TEXT,
  monitored         BOOLEAN NOT NULL,
  tag_ids           INTEGER[] NOT NULL DEFAULT '{}',
  added_at          TIMESTAMPTZ,
  seasons           JSONB NOT NULL DEFAULT '[]',
  series_id         BIGINT,
  updated_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (service_config_id, arr_id)
);
CREATE INDEX arr_series_tvdb_idx ON arr_series (tvdb_id);
CREATE INDEX arr_series_series_idx ON arr_series (series_id);

CREATE TABLE arr_episodes (
  service_config_id BIGINT NOT NULL REFERENCES service_configs (id) ON DELETE CASCADE,
  arr_id            INTEGER NOT NULL,
  arr_series_id     INTEGER NOT NULL,
  season_number     INTEGER NOT NULL,
  episode_number    INTEGER NOT NULL,
  monitored         BOOLEAN NOT NULL,
  file_id           INTEGER,
  file_path         TEXT,
  file_size         BIGINT,
  file_added_at     TIMESTAMPTZ,
  episode_id        BIGINT,
  episode_file_id   BIGINT,
  updated_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (service_config_id, arr_id)
);
CREATE INDEX arr_episodes_series_idx ON arr_episodes (service_config_id, arr_series_id);
CREATE INDEX arr_episodes_episode_idx ON arr_episodes (episode_id);
CREATE INDEX arr_episodes_file_idx ON arr_episodes (episode_file_id);
CREATE INDEX arr_episodes_updated_at_idx ON arr_episodes (updated_at);

CREATE TABLE arr_tags (
  service_config_id BIGINT NOT NULL REFERENCES service_configs (id) ON DELETE CASCADE,
  tag_id            INTEGER NOT NULL,
  label             TEXT NOT NULL,
  PRIMARY KEY (service_config_id, tag_id)
);

-- Disks are identified by an opaque id (hash of instance and root path), never by the path.
CREATE TABLE arr_disks (
  service_config_id BIGINT NOT NULL REFERENCES service_configs (id) ON DELETE CASCADE,
  disk_id           TEXT NOT NULL,
  path              TEXT NOT NULL,
  free_bytes        BIGINT NOT NULL,
  total_bytes       BIGINT NOT NULL,
  checked_at        TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (service_config_id, disk_id)
);

CREATE TABLE playback_users (
  id                BIGSERIAL PRIMARY KEY,
  service_config_id BIGINT NOT NULL REFERENCES service_configs (id) ON DELETE CASCADE,
  service_type      TEXT NOT NULL,
  external_user_id  TEXT NOT NULL,
  username          TEXT,
  email             TEXT,
  display_name      TEXT,
  is_admin          BOOLEAN NOT NULL DEFAULT false,
  last_seen_at      TIMESTAMPTZ,
  updated_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
  UNIQUE (service_config_id, external_user_id)
);

CREATE TABLE watch_states (
  playback_user_id BIGINT NOT NULL REFERENCES playback_users (id) ON DELETE CASCADE,
  item_kind        TEXT NOT NULL CHECK (item_kind IN ('movie', 'episode')),
  item_id          BIGINT NOT NULL,
  play_count       INTEGER NOT NULL DEFAULT 0,
  last_played_at   TIMESTAMPTZ,
  completed        BOOLEAN NOT NULL DEFAULT false,
  source           TEXT NOT NULL DEFAULT 'native',
  updated_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (playback_user_id, item_kind, item_id)
);
CREATE INDEX watch_states_item_idx ON watch_states (item_kind, item_id);

CREATE TABLE seerr_users (
  service_config_id BIGINT NOT NULL REFERENCES service_configs (id) ON DELETE CASCADE,
  seerr_user_id     INTEGER NOT NULL,
  display_name      TEXT,
  username          TEXT,
  email             TEXT,
  plex_id           TEXT,
  plex_username     TEXT,
  jellyfin_user_id  TEXT,
  jellyfin_username TEXT,
  PRIMARY KEY (service_config_id, seerr_user_id)
);

CREATE TABLE seerr_requests (
  service_config_id          BIGINT NOT NULL REFERENCES service_configs (id) ON DELETE CASCADE,
  seerr_request_id           INTEGER NOT NULL,
  seerr_media_id             INTEGER NOT NULL,
  media_type                 TEXT NOT NULL CHECK (media_type IN ('movie', 'series')),
  tmdb_id                    INTEGER,
  tvdb_id                    TEXT,
  status                     TEXT NOT NULL,
  is_4k                      BOOLEAN NOT NULL DEFAULT false,
  requested_by_seerr_user_id INTEGER,
  requested_at               TIMESTAMPTZ,
  updated_at                 TIMESTAMPTZ,
  season_numbers             INTEGER[] NOT NULL DEFAULT '{}',
  PRIMARY KEY (service_config_id, seerr_request_id)
);
CREATE INDEX seerr_requests_tmdb_idx ON seerr_requests (media_type, tmdb_id);

CREATE TABLE source_statuses (
  id                BIGSERIAL PRIMARY KEY,
  source            TEXT NOT NULL,
  service_config_id BIGINT REFERENCES service_configs (id) ON DELETE CASCADE,
  service_type      TEXT,
  state             TEXT NOT NULL CHECK (state IN ('ok', 'unavailable', 'not_configured', 'unsupported')),
  reason            TEXT,
  last_success_at   TIMESTAMPTZ,
  last_attempt_at   TIMESTAMPTZ,
  last_error        TEXT,
  updated_at        TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX source_statuses_key_idx ON source_statuses (source, COALESCE(service_config_id, 0));

-- Watermarks per purpose and service: library, library_full, playback, playback_full.
CREATE TABLE watermarks (
  name              TEXT NOT NULL,
  service_config_id BIGINT NOT NULL REFERENCES service_configs (id) ON DELETE CASCADE,
  value             TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (name, service_config_id)
);

-- The removal set a guarded full sync held back (domain.md 2.11), awaiting confirmation.
CREATE TABLE pending_removals (
  kind        TEXT NOT NULL CHECK (kind IN ('movie', 'series', 'version', 'episode_file')),
  entity_id   BIGINT NOT NULL,
  -- Why the sync would remove it (versions and episode files: replaced or left_library).
  cause       TEXT NOT NULL DEFAULT 'left_library',
  replaced_by BIGINT,
  run_id      BIGINT,
  created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (kind, entity_id)
);

CREATE TABLE alerts (
  id          BIGSERIAL PRIMARY KEY,
  kind        TEXT NOT NULL,
  subject     TEXT NOT NULL DEFAULT '',
  severity    TEXT NOT NULL CHECK (severity IN ('info', 'warning', 'critical')),
  title       TEXT NOT NULL,
  message     TEXT NOT NULL,
  data        JSONB NOT NULL DEFAULT '{}',
  created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
  resolved_at TIMESTAMPTZ
);
-- An alert of a kind already active for the same subject is updated, not duplicated.
CREATE UNIQUE INDEX alerts_active_idx ON alerts (kind, subject) WHERE resolved_at IS NULL;

-- Catalog's side of the task runs it executes (the scheduler owns the run history).
CREATE TABLE task_runs (
  run_id          BIGINT PRIMARY KEY,
  task_id         TEXT NOT NULL,
  trigger         TEXT NOT NULL,
  status          TEXT NOT NULL CHECK (status IN ('queued', 'running', 'completed', 'error')),
  progress        DOUBLE PRECISION,
  items_processed INTEGER,
  summary         JSONB NOT NULL DEFAULT '{}',
  error           TEXT,
  created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
  started_at      TIMESTAMPTZ,
  completed_at    TIMESTAMPTZ
);

-- File operations catalog executes for cleanup (domain.md 6.3-6.7), one row per operation id:
-- a redelivered or repeated command finds the row and never calls the external service twice.
CREATE TABLE file_operations (
  operation_id      BIGINT PRIMARY KEY,
  candidate_id      BIGINT,
  kind              TEXT NOT NULL,
  command           JSONB NOT NULL,
  status            TEXT NOT NULL
                    CHECK (status IN ('queued', 'running', 'verifying', 'succeeded', 'failed', 'canceled')),
  service_config_id BIGINT,
  route             JSONB,
  failure_reason    TEXT,
  attempt_log       JSONB NOT NULL DEFAULT '[]',
  files             JSONB NOT NULL DEFAULT '[]',
  bytes_freed       BIGINT,
  warnings          JSONB NOT NULL DEFAULT '[]',
  created_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
  started_at        TIMESTAMPTZ,
  finished_at       TIMESTAMPTZ
);
CREATE INDEX file_operations_pending_idx ON file_operations (status)
  WHERE status IN ('queued', 'running', 'verifying');

-- catalog.tags.apply commands (one row per message): the job applies them and answers.
CREATE TABLE tag_commands (
  message_id  UUID PRIMARY KEY,
  run_id      BIGINT,
  items       JSONB NOT NULL,
  status      TEXT NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'done')),
  created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
  finished_at TIMESTAMPTZ
);

-- Projection of cleanup.media_links_changed: candidate and protection ids per media item.
CREATE TABLE media_links (
  media_type            TEXT NOT NULL CHECK (media_type IN ('movie', 'series')),
  media_id              BIGINT NOT NULL,
  as_of                 TIMESTAMPTZ NOT NULL,
  candidate_ids         BIGINT[] NOT NULL DEFAULT '{}',
  protection_ids        BIGINT[] NOT NULL DEFAULT '{}',
  -- Parallel to protection_ids; null = permanent. Activeness is decided at read time.
  protection_expires_at TIMESTAMPTZ[] NOT NULL DEFAULT '{}',
  PRIMARY KEY (media_type, media_id)
);
