-- Staff notifications: what each staff member chose to hear about, and what they were told.
-- A staff member without a row of preferences hears their role's defaults (notifications/notification-audiences.ts),
-- so a change of role or of the defaults reaches them without a migration.
CREATE TABLE notification_preferences (
  staff_id   uuid PRIMARY KEY REFERENCES staff(id) ON DELETE CASCADE,
  events     jsonb NOT NULL,
  slack_url  text,
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

-- Where the fan-out stands in the event log (0023): the last event it has read, in (tx, seq) order.
-- Its one row is locked for each round, so on PostgreSQL one instance fans out at a time, and the new
-- position commits with the notifications it wrote.
CREATE TABLE notification_fanout (
  id  integer PRIMARY KEY CHECK (id = 1),
  tx  xid8,
  seq bigint
);
INSERT INTO notification_fanout (id) VALUES (1);
