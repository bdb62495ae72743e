-- Notifications for the administrators (docs/decisions/026, issue 28): cleanup asks for one
-- with notification.requested; webhooks keeps it once per (event, subject), so a repeated
-- message sends nothing, and gives each channel subscribed at that moment a delivery row of
-- its own. The row is the truth: the dispatcher claims due rows, a crash only leaves a lease
-- that expires.
CREATE TABLE notifications (
  id          BIGSERIAL PRIMARY KEY,
  event       TEXT NOT NULL,
  subject     TEXT NOT NULL,
  severity    TEXT NOT NULL,
  title       TEXT NOT NULL,
  message     TEXT NOT NULL,
  facts       JSONB NOT NULL,
  ui_page     TEXT,
  occurred_at TIMESTAMPTZ NOT NULL,
  created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
  CONSTRAINT notifications_event_subject_key UNIQUE (event, subject)
);

-- One notification for one channel. The channel is named by its id in the general settings
-- (its destination and secrets are read from the settings at each attempt, so a corrected URL
-- serves the next retry); the name is kept for reading the rows.
CREATE TABLE notification_deliveries (
  id               BIGSERIAL PRIMARY KEY,
  notification_id  BIGINT NOT NULL REFERENCES notifications (id) ON DELETE CASCADE,
  channel_id       TEXT NOT NULL,
  channel_name     TEXT NOT NULL,
  status           TEXT NOT NULL DEFAULT 'pending'
                   CHECK (status IN ('pending', 'delivered', 'failed', 'canceled')),
  attempts         INTEGER NOT NULL DEFAULT 0,
  next_attempt_at  TIMESTAMPTZ,
  lease_expires_at TIMESTAMPTZ,
  last_status_code INTEGER,
  last_error       TEXT,
  delivered_at     TIMESTAMPTZ,
  created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
  CONSTRAINT notification_deliveries_notification_channel_key UNIQUE (notification_id, channel_id)
);

-- The dispatcher's claim: due pending rows, oldest due first.
CREATE INDEX notification_deliveries_due_idx
  ON notification_deliveries (next_attempt_at, id) WHERE status = 'pending';
