-- Fresh inputs before an automatic deletion acts (domain.md 6.1 step 3): each
-- catalog.inputs.refresh this service sent, until the run that waits for it has read catalog's
-- answer (media.inputs_refreshed) or given up. Rows live for the length of one wait.
CREATE TABLE input_refreshes (
  message_id UUID PRIMARY KEY,
  run_id BIGINT NOT NULL,
  requested_at TIMESTAMPTZ NOT NULL,
  answer JSONB
);
