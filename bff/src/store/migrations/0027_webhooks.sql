-- Webhooks: where events go, and every try to get them there.
-- A target is an admin's endpoint (format 'standard-webhooks': signed, the events it lists) or a staff
-- member's Slack-compatible incoming webhook (format 'slack', owner_staff_id set: the notifications
-- choose what it gets). Its secret is kept as it is: the console must sign with it (the project has no
-- sealing key; docs/webhooks.md says so).
CREATE TABLE webhook_endpoints (
  id                           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  url                          text NOT NULL,
  format                       text NOT NULL CHECK (format IN ('standard-webhooks', 'slack')),
  owner_staff_id               uuid UNIQUE REFERENCES staff (id) ON DELETE CASCADE,
  events                       jsonb NOT NULL,
  description                  text,
  enabled                      boolean NOT NULL DEFAULT true,
  disabled_reason              text CHECK (disabled_reason IN ('admin', 'gone', 'failing')),
  secret                       text,
  secret_hint                  text,
  previous_secret              text,
  previous_secret_valid_until  timestamptz,
  -- The first failed attempt since the last delivered one: three days of failing switch it off.
  failing_since                timestamptz,
  created_at                   timestamptz NOT NULL,
  created_by                   uuid REFERENCES staff (id) ON DELETE SET NULL,
  CHECK ((format = 'slack') = (owner_staff_id IS NOT NULL)),
  CHECK ((format = 'standard-webhooks') = (secret IS NOT NULL))
);

-- One message to one target. `event_id` is its webhook-id, the same on every attempt; `body` the exact
-- bytes sent (and signed) each time. A delivery is due at `next_attempt_at` while pending; an instance
-- takes it with a lease, so that on PostgreSQL each attempt is made by one instance.
CREATE TABLE webhook_deliveries (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  endpoint_id      uuid NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  event_id         text NOT NULL,
  event_type       text NOT NULL,
  body             text NOT NULL,
  status           text NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts         integer NOT NULL DEFAULT 0,
  next_attempt_at  timestamptz,
  -- When this round of retries began (its creation, or the last resend): it gives up 3 days after.
  trying_since     timestamptz NOT NULL,
  lease_owner      text,
  lease_until      timestamptz,
  created_at       timestamptz NOT NULL,
  UNIQUE (endpoint_id, event_id)
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, created_at DESC, id DESC);
CREATE INDEX webhook_deliveries_event ON webhook_deliveries (event_id);

CREATE TABLE webhook_attempts (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  delivery_id  uuid NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
  at           timestamptz NOT NULL,
  outcome      text NOT NULL CHECK (outcome IN ('delivered', 'http_error', 'timeout', 'refused', 'error')),
  status       integer,
  latency_ms   integer NOT NULL,
  -- The first 1 KiB of the answer (or what went wrong).
  response     text NOT NULL
);
CREATE INDEX webhook_attempts_delivery ON webhook_attempts (delivery_id, id);

-- Where each reader of the event log stands (see 0023): the row is locked while it reads and moves on,
-- so one instance at a time reads for it.
CREATE TABLE event_readers (
  name  text PRIMARY KEY,
  tx    xid8,
  seq   bigint
);
