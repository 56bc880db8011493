-- Reconciliation: the app wallet's chain history as read from Horizon (one row per payment operation,
-- failed ones included), what each was matched to, the exceptions found, and the reading's cursor.

CREATE TABLE wallet_transactions (
  -- Horizon's paging token of the operation: the order of the chain, and what makes a re-read harmless.
  paging_token       text PRIMARY KEY,
  ledger_order       numeric(20, 0) NOT NULL,
  hash               text NOT NULL,
  ledger             integer NOT NULL,
  created_at         timestamptz NOT NULL,
  successful         boolean NOT NULL,
  -- 'out' from the wallet, 'in' to it, 'self' from the wallet to itself.
  direction          text NOT NULL CHECK (direction IN ('out', 'in', 'self')),
  operation_type     text NOT NULL,
  from_address       text,
  to_address         text,
  -- Native amount in stroops; null for another asset.
  amount_stroops     bigint,
  -- The transaction's fee when the wallet paid it (it was the source), else 0; the same on each operation of one transaction.
  fee_stroops        bigint NOT NULL,
  memo_type          text NOT NULL,
  memo               text,
  matched_payment_id text,
  matched_reward_id  uuid,
  match_state        text NOT NULL CHECK (match_state IN ('console', 'outside_console', 'user_payment', 'duplicate', 'unmatched', 'failed', 'not_payment', 'self')),
  read_at            timestamptz NOT NULL
);
CREATE INDEX wallet_transactions_order ON wallet_transactions (ledger_order);
CREATE INDEX wallet_transactions_created ON wallet_transactions (created_at);
CREATE INDEX wallet_transactions_hash ON wallet_transactions (hash);
CREATE INDEX wallet_transactions_payment ON wallet_transactions (matched_payment_id) WHERE matched_payment_id IS NOT NULL;

CREATE TABLE reconciliation_exceptions (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind           text NOT NULL CHECK (kind IN ('double_payment', 'unmatched_outflow', 'amount_mismatch', 'destination_mismatch', 'missing_on_chain', 'unmatched_inflow', 'paid_not_completed')),
  -- What the exception is about: the chain operation's paging token, or the payment id for the kinds
  -- that name a payment (missing_on_chain, paid_not_completed). One row per kind and subject.
  subject        text NOT NULL,
  tx_hash        text,
  amount_stroops bigint,
  counterparty   text,
  payment_id     text,
  reward_id      uuid,
  detail         text NOT NULL,
  first_seen_at  timestamptz NOT NULL,
  state          text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'acknowledged', 'resolved')),
  note           text,
  acknowledged_by uuid REFERENCES staff (id),
  acknowledged_at timestamptz,
  resolved_by    uuid REFERENCES staff (id),
  resolved_at    timestamptz,
  UNIQUE (kind, subject)
);
CREATE INDEX reconciliation_exceptions_seen ON reconciliation_exceptions (first_seen_at DESC, id DESC);
CREATE INDEX reconciliation_exceptions_state ON reconciliation_exceptions (state, first_seen_at DESC, id DESC);

-- One row: where the reading stands, and who may read on (a lease on the database's clock, so that
-- one instance reads at a time and a runner killed mid-run is replaced once its lease ends).
CREATE TABLE reconciliation_cursor (
  id             integer PRIMARY KEY CHECK (id = 1),
  paging_token   text,
  -- The wallet's balance before the first operation Horizon lists (an account funded outside its
  -- listed history, or history Horizon no longer keeps): set once, when a run first reads to the end.
  history_opening_stroops bigint,
  lease_owner    text,
  lease_until    timestamptz,
  last_run_at    timestamptz
);
INSERT INTO reconciliation_cursor (id) VALUES (1);
