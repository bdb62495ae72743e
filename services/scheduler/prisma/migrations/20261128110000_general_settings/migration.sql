-- The general settings (docs/decisions/025): one document and its version. A secret's place in
-- the document reads "********" (or null); its value is sealed on a row of its own here, so
-- `pnpm secrets:reencrypt` reseals it like any other sealed column.
CREATE TABLE general_settings (
  id         SMALLINT PRIMARY KEY CHECK (id = 1),
  version    BIGINT NOT NULL,
  document   JSONB NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL
);

CREATE TABLE general_settings_secrets (
  name   TEXT PRIMARY KEY,
  sealed TEXT NOT NULL
);
