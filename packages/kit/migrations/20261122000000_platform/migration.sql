-- Deployment-wide secrets generated on first start when the operator did not set them
-- (INTERNAL_SECRET, ENCRYPTION_KEY). Shared by all services, owned by the kit's bootstrap.
CREATE TABLE secrets (
  name       TEXT PRIMARY KEY,
  value      TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
