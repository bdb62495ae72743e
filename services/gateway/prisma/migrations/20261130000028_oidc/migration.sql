-- Single sign-on through OpenID Connect (internal-api.md 2, 6.3).

-- A user who signs in through OIDC is linked to the provider's subject: the issuer and `sub`
-- together name one person (a `sub` is unique only within its issuer). Both null for local
-- accounts; the unique index ignores rows where they are null.
ALTER TABLE users
  ADD COLUMN oidc_issuer  TEXT,
  ADD COLUMN oidc_subject TEXT,
  ADD CONSTRAINT users_oidc_identity_both CHECK ((oidc_issuer IS NULL) = (oidc_subject IS NULL));
CREATE UNIQUE INDEX users_oidc_identity_key ON users (oidc_issuer, oidc_subject);

-- The OIDC settings: one row once an administrator saved them (defaults before). The client
-- secret is sealed with ENCRYPTION_KEYS (kit SecretBox), never stored in plaintext.
CREATE TABLE oidc_settings (
  id                   SMALLINT PRIMARY KEY CHECK (id = 1),
  enabled              BOOLEAN NOT NULL,
  issuer_url           TEXT,
  client_id            TEXT,
  client_secret_encrypted TEXT,
  scopes               TEXT NOT NULL,
  username_claim       TEXT NOT NULL,
  groups_claim         TEXT,
  admin_groups         TEXT[] NOT NULL,
  auto_create_users    BOOLEAN NOT NULL,
  button_label         TEXT NOT NULL,
  updated_at           TIMESTAMPTZ NOT NULL
);
