-- Staff, their sessions and one-time links, sign-in throttling, the audit log, settings.

CREATE TABLE staff (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email         text NOT NULL UNIQUE CHECK (email = lower(email)),
  name          text NOT NULL,
  role          text NOT NULL CHECK (role IN ('support', 'manager', 'ops', 'admin')),
  password_hash text,
  disabled_at   timestamptz,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);

-- Only a hash of the session id is kept: a leaked table does not give working sessions.
CREATE TABLE sessions (
  id_hash      text PRIMARY KEY,
  staff_id     uuid NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  created_at   timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  expires_at   timestamptz NOT NULL,
  client_ip    text,
  user_agent   text
);
CREATE INDEX sessions_staff_id ON sessions (staff_id);

CREATE TABLE setup_tokens (
  token_hash text PRIMARY KEY,
  staff_id   uuid NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at    timestamptz
);

-- Failed sign-ins per account ('account:<email>') and per client ('ip:<address>').
CREATE TABLE sign_in_failures (
  key             text PRIMARY KEY,
  failures        integer NOT NULL,
  last_failure_at timestamptz NOT NULL,
  blocked_until   timestamptz NOT NULL
);

CREATE TABLE audit_events (
  id              bigint PRIMARY KEY,
  at              timestamptz NOT NULL,
  actor_id        uuid,
  actor_email     text,
  actor_role      text,
  client_ip       text,
  request_id      text,
  action          text NOT NULL,
  target          text,
  outcome         text NOT NULL,
  upstream_status integer,
  upstream_code   text,
  details         jsonb NOT NULL DEFAULT '{}',
  prev_hash       text NOT NULL,
  hash            text NOT NULL
);
CREATE INDEX audit_events_at ON audit_events (at, id);
CREATE INDEX audit_events_actor ON audit_events (actor_email, id);
CREATE INDEX audit_events_action ON audit_events (action, id);
CREATE INDEX audit_events_target ON audit_events (target, id);

-- The chain's head, moved in the same transaction as each append, so that removing the newest rows shows too.
CREATE TABLE audit_head (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  last_id   bigint NOT NULL,
  last_hash text NOT NULL
);

CREATE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_events is append-only';
END;
$$;
CREATE TRIGGER audit_events_no_update BEFORE UPDATE OR DELETE ON audit_events
  FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events
  FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only();

CREATE TABLE settings (
  key        text PRIMARY KEY,
  value      jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

INSERT INTO audit_head (singleton, last_id, last_hash) VALUES (true, 0, repeat('0', 64));
