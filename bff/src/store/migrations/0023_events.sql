-- The event log (an outbox): each event is written in the same transaction as the change it reports,
-- so none is lost and none describes a change that was rolled back. `data` is the event's object as it
-- stood then, in the public API's shape.
-- A reader must never skip an event that commits after it read a later one: `seq` is taken at insert,
-- not at commit. `tx` is the writing transaction's id, and readers go in (tx, seq) order and only over
-- transactions older than every one still running (pg_snapshot_xmin), which no later commit can precede.
CREATE TABLE events (
  seq          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  id           text NOT NULL UNIQUE,
  type         text NOT NULL,
  at           timestamptz NOT NULL,
  subject_kind text NOT NULL,
  subject_id   text NOT NULL,
  data         jsonb NOT NULL,
  tx           xid8 NOT NULL DEFAULT pg_current_xact_id()
);
CREATE INDEX events_order ON events (tx, seq);
CREATE INDEX events_type_order ON events (type, tx, seq);
CREATE INDEX events_at ON events (at);
CREATE INDEX events_subject ON events (subject_kind, subject_id);
