-- The notifications cleanup asked webhooks to send (docs/decisions/026), one per event and
-- subject: a redelivered task.run_failed, a refreshed alert or a repeated outcome adds no second
-- notification.requested. Housekeeping forgets them after 90 days (domain.md 9).
CREATE TABLE notifications_requested (
  event        TEXT        NOT NULL,
  subject      TEXT        NOT NULL,
  requested_at TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (event, subject)
);

CREATE INDEX notifications_requested_at_idx ON notifications_requested (requested_at);
