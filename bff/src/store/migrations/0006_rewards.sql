-- Rewards: one row per A2U intent, written before anything goes upstream, moved through recovery
-- points each committed before the next step. `next_attempt_at` and `lease_until` use the database's
-- clock, so several instances agree on what is due and whose lease has ended.

CREATE TABLE rewards (
  id                uuid PRIMARY KEY,
  requested_by      uuid NOT NULL REFERENCES staff (id),
  idempotency_key   text NOT NULL,
  request_hash      text NOT NULL,
  uid               text NOT NULL,
  amount            numeric(30, 7) NOT NULL CHECK (amount > 0),
  memo              text NOT NULL,
  metadata          jsonb NOT NULL,
  state             text NOT NULL CHECK (state IN ('requested', 'created', 'signed', 'submitted', 'completed', 'failed', 'cancelled', 'needs_attention')),
  -- How many times a create was sent: after the first, the payment may exist although no answer came.
  create_attempts   integer NOT NULL DEFAULT 0,
  payment_id        text UNIQUE,
  network           text,
  from_address      text,
  to_address        text,
  envelope_xdr      text,
  tx_hash           text,
  tx_sequence       numeric(20, 0),
  tx_max_time       timestamptz,
  txid              text,
  blocked_by        text,
  error_code        text,
  error_message     text,
  attempts          integer NOT NULL DEFAULT 0,
  next_attempt_at   timestamptz NOT NULL DEFAULT now(),
  lease_owner       text,
  lease_until       timestamptz,
  created_at        timestamptz NOT NULL,
  updated_at        timestamptz NOT NULL,
  UNIQUE (requested_by, idempotency_key)
);

CREATE INDEX rewards_due ON rewards (next_attempt_at) WHERE state IN ('requested', 'created', 'signed', 'submitted');
CREATE INDEX rewards_created ON rewards (created_at DESC, id DESC);
CREATE INDEX rewards_uid ON rewards (uid, created_at DESC);

-- The recovery-point timeline of each reward.
CREATE TABLE reward_events (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  reward_id  uuid NOT NULL REFERENCES rewards (id) ON DELETE CASCADE,
  at         timestamptz NOT NULL,
  state      text NOT NULL,
  step       text NOT NULL,
  detail     jsonb NOT NULL DEFAULT '{}'
);
CREATE INDEX reward_events_reward ON reward_events (reward_id, id);
