-- People, sessions, API tokens and idempotency records (external-api.md 1.3, 1.11;
-- internal-api.md 1.2). No secret is stored in plaintext: passwords are scrypt hashes, session
-- ids and API tokens are SHA-256 digests.

-- Exactly one row, inserted in the transaction that creates the first administrator: two
-- concurrent POST /api/setup calls cannot both succeed.
CREATE TABLE setup_state (
  id           INTEGER PRIMARY KEY CHECK (id = 1),
  completed_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE users (
  id            BIGSERIAL PRIMARY KEY,
  username      TEXT NOT NULL,
  password_hash TEXT,
  role          TEXT NOT NULL CHECK (role IN ('admin', 'user')),
  email         TEXT,
  display_name  TEXT NOT NULL,
  enabled       BOOLEAN NOT NULL DEFAULT true,
  auth_provider TEXT NOT NULL DEFAULT 'local' CHECK (auth_provider IN ('local', 'oidc')),
  created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
  last_login_at TIMESTAMPTZ
);
CREATE UNIQUE INDEX users_username_key ON users (lower(username));

CREATE TABLE sessions (
  id_hash      TEXT PRIMARY KEY,
  user_id      BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  csrf_token   TEXT NOT NULL,
  created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
  last_seen_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  expires_at   TIMESTAMPTZ NOT NULL
);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);
CREATE INDEX sessions_expires_at_idx ON sessions (expires_at);

CREATE TABLE api_tokens (
  id            BIGSERIAL PRIMARY KEY,
  name          TEXT NOT NULL,
  prefix        TEXT NOT NULL UNIQUE,
  token_hash    TEXT NOT NULL,
  scopes        TEXT[] NOT NULL,
  expires_at    TIMESTAMPTZ,
  last_used_at  TIMESTAMPTZ,
  revoked_at    TIMESTAMPTZ,
  created_by_id BIGINT REFERENCES users (id) ON DELETE SET NULL,
  created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE idempotency_records (
  token_id    BIGINT NOT NULL,
  key         TEXT NOT NULL,
  fingerprint TEXT NOT NULL,
  status      INTEGER NOT NULL,
  body        JSONB,
  created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
  expires_at  TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (token_id, key)
);
CREATE INDEX idempotency_records_expires_at_idx ON idempotency_records (expires_at);
