-- The webhooks service's data model (events-webhooks.md): the event feed, webhook endpoints,
-- deliveries and their attempt log, and the service's two operator settings.

-- Feed positions. Drawn explicitly (no column default) by the feed writer while it holds the
-- feed lock, so that commit order equals position order (docs/decisions/010-gapless-feed.md).
-- Holes left by rolled-back transactions are harmless; values are never reused.
CREATE SEQUENCE events_position_seq AS BIGINT;

-- One row per lifecycle event (§1.2), stored once, never updated.
CREATE TABLE events (
  id           UUID PRIMARY KEY,
  position     BIGINT NOT NULL UNIQUE,
  type         TEXT NOT NULL CHECK (type IN (
                 'candidate.scheduled', 'candidate.canceled', 'candidate.postponed',
                 'candidate.timer_reset', 'candidate.protected', 'candidate.deleted',
                 'candidate.moved', 'candidate.unmonitored', 'candidate.unmonitored_only',
                 'protection.created', 'protection.removed')),
  occurred_at  TIMESTAMPTZ NOT NULL,
  -- A plain value, not a foreign key: it never changes, even after the candidate is gone.
  candidate_id BIGINT,
  actor_type   TEXT NOT NULL CHECK (actor_type IN ('api_token', 'user', 'system')),
  actor_id     BIGINT,
  -- The payload envelope of §1.3, exactly as sent in default webhook bodies.
  payload      JSONB NOT NULL,
  media_type   TEXT NOT NULL CHECK (media_type IN ('movie', 'series')),
  -- File-operation events only: resolves template path values at send time (§3.3).
  operation_id BIGINT
);
CREATE INDEX events_type_position_idx ON events (type, position);
CREATE INDEX events_candidate_position_idx ON events (candidate_id, position);
CREATE INDEX events_occurred_at_idx ON events (occurred_at);

-- Webhook endpoints (§3.1). Secrets and headers are encrypted at rest with the service's
-- encryption key (text: the kit's encrypted-string format, as catalog's api_key_encrypted).
CREATE TABLE endpoints (
  id                         BIGSERIAL PRIMARY KEY,
  name                       TEXT NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  enabled                    BOOLEAN NOT NULL DEFAULT true,
  url                        TEXT NOT NULL CHECK (char_length(url) <= 2048),
  method                     TEXT NOT NULL DEFAULT 'POST' CHECK (method IN ('POST', 'GET')),
  event_types                TEXT[] NOT NULL CHECK (
                               cardinality(event_types) BETWEEN 1 AND 11
                               AND event_types <@ ARRAY[
                                 'candidate.scheduled', 'candidate.canceled',
                                 'candidate.postponed', 'candidate.timer_reset',
                                 'candidate.protected', 'candidate.deleted', 'candidate.moved',
                                 'candidate.unmonitored', 'candidate.unmonitored_only',
                                 'protection.created', 'protection.removed']::TEXT[]),
  media_types                TEXT[] NOT NULL DEFAULT ARRAY['movie', 'series']::TEXT[] CHECK (
                               cardinality(media_types) BETWEEN 1 AND 2
                               AND media_types <@ ARRAY['movie', 'series']::TEXT[]),
  timeout_seconds            INTEGER NOT NULL DEFAULT 15 CHECK (timeout_seconds BETWEEN 1 AND 120),
  -- Encrypted JSON array of {name, value}; NULL when the endpoint has no custom headers.
  headers_encrypted          TEXT,
  auth_username              TEXT CHECK (char_length(auth_username) <= 200),
  auth_password_encrypted    TEXT,
  url_template               TEXT CHECK (char_length(url_template) <= 2048),
  body_template              TEXT CHECK (char_length(body_template) <= 16384),
  path_mode                  TEXT NOT NULL DEFAULT 'original'
                               CHECK (path_mode IN ('original', 'local', 'destination')),
  signing_secret_encrypted   TEXT NOT NULL,
  signing_secret_created_at  TIMESTAMPTZ NOT NULL,
  -- The secret replaced by the latest rotation, still signed with until it expires (§4.11).
  previous_secret_encrypted  TEXT,
  previous_secret_expires_at TIMESTAMPTZ,
  created_at                 TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at                 TIMESTAMPTZ NOT NULL DEFAULT now(),
  -- Soft delete: the name stays visible in delivery history.
  deleted_at                 TIMESTAMPTZ,
  CHECK (body_template IS NULL OR method = 'POST'),
  CHECK (auth_password_encrypted IS NULL OR auth_username IS NOT NULL),
  CHECK ((previous_secret_encrypted IS NULL) = (previous_secret_expires_at IS NULL)),
  CHECK (deleted_at IS NULL OR NOT enabled)
);
-- The feed writer matches live endpoints for every stored event.
CREATE INDEX endpoints_live_idx ON endpoints (id) WHERE deleted_at IS NULL AND enabled;

-- One delivery per event and endpoint (§4.1); PostgreSQL holds its whole state (§4.6).
CREATE TABLE deliveries (
  id               BIGSERIAL PRIMARY KEY,
  -- No cascade: an event is pruned only after its deliveries are deleted, and never while one
  -- of them is pending (§2.6), so an event cannot vanish from under a live delivery.
  event_id         UUID NOT NULL REFERENCES events (id),
  endpoint_id      BIGINT NOT NULL REFERENCES endpoints (id),
  -- The event's feed position, copied so that an endpoint's due deliveries are claimed in feed
  -- order from one index (§4.7).
  event_position   BIGINT NOT NULL,
  status           TEXT NOT NULL DEFAULT 'pending'
                     CHECK (status IN ('pending', 'delivered', 'failed', 'canceled')),
  attempts         INTEGER NOT NULL DEFAULT 0 CHECK (attempts BETWEEN 0 AND 6),
  round            INTEGER NOT NULL DEFAULT 1 CHECK (round >= 1),
  next_attempt_at  TIMESTAMPTZ,
  -- Set while a worker attempts the delivery (§4.3); an expired lease makes it claimable again.
  lease_expires_at TIMESTAMPTZ,
  last_status_code INTEGER,
  last_error       TEXT CHECK (char_length(last_error) <= 600),
  delivered_at     TIMESTAMPTZ,
  created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
  UNIQUE (event_id, endpoint_id),
  -- next_attempt_at exists exactly while pending (§3.6).
  CHECK ((status = 'pending') = (next_attempt_at IS NOT NULL)),
  CHECK (status = 'delivered' OR delivered_at IS NULL)
);
-- Worker: an endpoint's pending deliveries in feed order (claim rule, §4.3/§4.7).
CREATE INDEX deliveries_endpoint_pending_idx ON deliveries (endpoint_id, event_position)
  WHERE status = 'pending';
-- Sweeper: pending deliveries by due time (§4.6).
CREATE INDEX deliveries_due_idx ON deliveries (next_attempt_at) WHERE status = 'pending';
-- Delivery history (§3.6): newest first, optionally per endpoint.
CREATE INDEX deliveries_created_idx ON deliveries (created_at DESC, id DESC);
CREATE INDEX deliveries_endpoint_created_idx ON deliveries (endpoint_id, created_at DESC, id DESC);

-- Every attempt of a delivery (§3.6 DeliveryAttempt); the rendered request is never stored.
CREATE TABLE delivery_attempts (
  id                  BIGSERIAL PRIMARY KEY,
  delivery_id         BIGINT NOT NULL REFERENCES deliveries (id) ON DELETE CASCADE,
  round               INTEGER NOT NULL CHECK (round >= 1),
  number              INTEGER NOT NULL CHECK (number BETWEEN 1 AND 6),
  started_at          TIMESTAMPTZ NOT NULL,
  duration_ms         INTEGER NOT NULL CHECK (duration_ms >= 0),
  status_code         INTEGER,
  outcome             TEXT NOT NULL
                        CHECK (outcome IN ('delivered', 'retryable_failure', 'permanent_failure')),
  error               TEXT CHECK (char_length(error) <= 600),
  retry_after_seconds INTEGER,
  next_attempt_at     TIMESTAMPTZ,
  UNIQUE (delivery_id, round, number),
  CHECK ((outcome = 'delivered') = (error IS NULL))
);

-- The webhooks service's copy of its two general settings (domain.md §11). One row.
CREATE TABLE webhook_settings (
  id                         INTEGER PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  event_retention_days       INTEGER NOT NULL DEFAULT 90 CHECK (event_retention_days BETWEEN 7 AND 3650),
  block_private_destinations BOOLEAN NOT NULL DEFAULT false,
  updated_at                 TIMESTAMPTZ NOT NULL DEFAULT now()
);
INSERT INTO webhook_settings (id) VALUES (1);
