-- Outbox and inbox tables of the kit's messaging (docs/decisions/001-outbox.md). Every service
-- has them in its own schema; its first migration contains a copy of this file (migrations are
-- immutable snapshots, so later changes go into new migrations, not here alone).
CREATE TABLE outbox (
  id             BIGSERIAL PRIMARY KEY,
  message_id     UUID NOT NULL UNIQUE,
  routing_key    TEXT NOT NULL,
  payload        JSONB NOT NULL,
  correlation_id TEXT NOT NULL,
  occurred_at    TIMESTAMPTZ NOT NULL,
  schema_version INTEGER NOT NULL,
  published_at   TIMESTAMPTZ
);
CREATE INDEX outbox_unpublished_idx ON outbox (id) WHERE published_at IS NULL;
CREATE INDEX outbox_published_at_idx ON outbox (published_at) WHERE published_at IS NOT NULL;

CREATE TABLE inbox (
  consumer     TEXT NOT NULL,
  message_id   UUID NOT NULL,
  processed_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (consumer, message_id)
);
CREATE INDEX inbox_processed_at_idx ON inbox (processed_at);

-- Outcomes of idempotent API requests (kit data/idempotency.ts), for services that own
-- mutating /api/v1 operations; `fingerprint` binds the key to one request, and weekly
-- housekeeping deletes records past `expires_at` (the gateway's retention).
CREATE TABLE idempotent_requests (
  token_id    BIGINT NOT NULL,
  key         TEXT NOT NULL,
  fingerprint TEXT NOT NULL,
  status      INTEGER NOT NULL,
  body        JSONB NOT NULL,
  created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
  expires_at  TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (token_id, key)
);
CREATE INDEX idempotent_requests_expires_at_idx ON idempotent_requests (expires_at);
