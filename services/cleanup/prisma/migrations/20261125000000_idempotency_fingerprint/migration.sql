-- Idempotency records bind their key to one request and expire with the gateway's record
-- (issue 11; kit data/idempotency.ts). Records stored before this change have no fingerprint:
-- the empty one matches no request, so a reused key is refused (422) rather than replayed
-- with an answer that may belong to another request, until the record expires.
ALTER TABLE idempotent_requests
  ADD COLUMN fingerprint TEXT NOT NULL DEFAULT '',
  ADD COLUMN expires_at TIMESTAMPTZ;
UPDATE idempotent_requests SET expires_at = created_at + interval '24 hours';
ALTER TABLE idempotent_requests
  ALTER COLUMN fingerprint DROP DEFAULT,
  ALTER COLUMN expires_at SET NOT NULL;
DROP INDEX idempotent_requests_created_at_idx;
CREATE INDEX idempotent_requests_expires_at_idx ON idempotent_requests (expires_at);
