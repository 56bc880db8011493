-- The console's index of every payment it has seen, the changes it observed, and ingest tokens.

CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;

CREATE TABLE payments (
  id                   text PRIMARY KEY,
  direction            text NOT NULL,
  user_uid             text NOT NULL,
  amount               numeric(30, 7) NOT NULL,
  memo                 text NOT NULL,
  metadata             jsonb NOT NULL,
  from_address         text NOT NULL,
  to_address           text NOT NULL,
  network              text NOT NULL,
  created_at           timestamptz NOT NULL,
  developer_approved   boolean NOT NULL,
  transaction_verified boolean NOT NULL,
  developer_completed  boolean NOT NULL,
  cancelled            boolean NOT NULL,
  user_cancelled       boolean NOT NULL,
  state                text NOT NULL,
  txid                 text,
  tx_verified          boolean,
  tx_link              text,
  -- Lower-cased id, txid, memo and metadata, for substring search through the trigram index.
  search_text          text NOT NULL,
  first_seen_at        timestamptz NOT NULL,
  last_synced_at       timestamptz NOT NULL,
  last_changed_at      timestamptz NOT NULL
);
CREATE INDEX payments_created ON payments (created_at, id);
CREATE INDEX payments_state_created ON payments (state, created_at, id);
CREATE INDEX payments_direction_created ON payments (direction, created_at, id);
CREATE INDEX payments_user_created ON payments (user_uid, created_at, id);
CREATE INDEX payments_amount ON payments (amount, id);
CREATE INDEX payments_synced ON payments (last_synced_at, id);
CREATE INDEX payments_txid ON payments (txid) WHERE txid IS NOT NULL;
CREATE INDEX payments_search ON payments USING gin (search_text public.gin_trgm_ops);
-- What the refresher looks at: payments that can still move, oldest sync first.
CREATE INDEX payments_moving ON payments (last_synced_at)
  WHERE state NOT IN ('completed', 'cancelled', 'cancelled_by_user');

CREATE TABLE payment_events (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  payment_id text NOT NULL REFERENCES payments (id) ON DELETE CASCADE,
  at         timestamptz NOT NULL,
  kind       text NOT NULL CHECK (kind IN ('first_seen', 'changed')),
  state      text NOT NULL,
  changes    jsonb NOT NULL,
  source     text NOT NULL
);
CREATE INDEX payment_events_payment ON payment_events (payment_id, id);

CREATE TABLE ingest_tokens (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name         text NOT NULL,
  token_hash   text NOT NULL UNIQUE,
  created_by   uuid REFERENCES staff (id) ON DELETE SET NULL,
  created_at   timestamptz NOT NULL,
  last_used_at timestamptz,
  revoked_at   timestamptz
);
