-- The rule inputs catalog sends besides the media facts (domain.md 1.7, 1.8, 2.13): watch data
-- and requests per root item, the playback users they name, and free space per Arr disk. Each
-- row is the full current state of its key and is replaced only by a newer `as_of` (events may
-- arrive out of order). Kept as catalog's payloads: the scan reads them whole, per page of roots.

-- media.watch_data_changed: aggregates, favourites and per-user watch states of one root. No row
-- means catalog reported no play and no favourite for the item (it publishes only items with
-- watch data).
CREATE TABLE watch_data (
  media_type TEXT NOT NULL CHECK (media_type IN ('movie', 'series')),
  media_id BIGINT NOT NULL,
  as_of TIMESTAMPTZ NOT NULL,
  data JSONB NOT NULL,
  PRIMARY KEY (media_type, media_id)
);

-- The playback users watch data names, for requester identity resolution (domain.md 10).
CREATE TABLE playback_users (
  playback_user_key TEXT PRIMARY KEY,
  data JSONB NOT NULL
);

-- media.requests_changed: every Seerr request of one root, with the requester's identities.
-- No row, or an empty list, means no request.
CREATE TABLE request_snapshots (
  media_type TEXT NOT NULL CHECK (media_type IN ('movie', 'series')),
  media_id BIGINT NOT NULL,
  as_of TIMESTAMPTZ NOT NULL,
  requests JSONB NOT NULL,
  PRIMARY KEY (media_type, media_id)
);

-- media.disk_space_changed: the full set of Arr disks, one row like source_status.
CREATE TABLE disk_space (
  id SMALLINT PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  as_of TIMESTAMPTZ NOT NULL,
  disks JSONB NOT NULL
);
