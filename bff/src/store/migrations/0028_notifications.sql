-- Staff notifications: what each staff member chose to hear about, and what they were told. They read
-- the event log as the reader 'notifications' (event_readers, 0027), and a Slack URL is a Slack target
-- of the webhooks (webhook_endpoints, format 'slack').
-- A staff member without a row of preferences hears their role's defaults (notifications/notification-audiences.ts),
-- so a change of role or of the defaults reaches them without a migration.
CREATE TABLE notification_preferences (
  staff_id   uuid PRIMARY KEY REFERENCES staff(id) ON DELETE CASCADE,
  events     jsonb NOT NULL,
  updated_at timestamptz NOT NULL
);

-- One row per staff member and event at most: the fan-out may meet an event again after a crash.
CREATE TABLE notifications (
  id       uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  staff_id uuid NOT NULL REFERENCES staff(id) ON DELETE CASCADE,
  event_id text NOT NULL,
  type     text NOT NULL,
  title    text NOT NULL,
  body     text NOT NULL,
  link     text NOT NULL,
  at       timestamptz NOT NULL,
  read_at  timestamptz,
  UNIQUE (staff_id, event_id)
);
CREATE INDEX notifications_newest ON notifications (staff_id, at DESC, id DESC);
CREATE INDEX notifications_unread ON notifications (staff_id) WHERE read_at IS NULL;
