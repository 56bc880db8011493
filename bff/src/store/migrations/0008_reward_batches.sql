-- Reward batches from CSV. An upload keeps every row (valid or not, with its problems) for the
-- preview; starting the batch turns each valid row into a reward in one transaction, keyed by
-- (batch_id, batch_line), so no row ever becomes two rewards. The rewards are then paid by the
-- single-reward pipeline.

CREATE TABLE reward_batches (
  id              uuid PRIMARY KEY,
  requested_by    uuid NOT NULL REFERENCES staff (id),
  state           text NOT NULL CHECK (state IN ('previewed', 'awaiting_approval', 'running', 'paused', 'cancelled', 'finished')),
  file_name       text,
  row_count       integer NOT NULL,
  valid_count     integer NOT NULL,
  user_count      integer NOT NULL,
  total_amount    numeric(30, 7) NOT NULL,
  largest_amount  numeric(30, 7) NOT NULL,
  -- What the preview flagged: duplicate rows and users, rows over the cap.
  flags           jsonb NOT NULL,
  approved_by     uuid REFERENCES staff (id),
  retry_of        uuid REFERENCES reward_batches (id),
  created_at      timestamptz NOT NULL,
  updated_at      timestamptz NOT NULL,
  started_at      timestamptz,
  finished_at     timestamptz
);
CREATE INDEX reward_batches_created ON reward_batches (created_at DESC, id DESC);
CREATE INDEX reward_batches_running ON reward_batches (id) WHERE state = 'running';

-- The rows as uploaded: the cells as text, and what is wrong (problems: not paid) or worth a look
-- (warnings: paid) per row.
CREATE TABLE reward_batch_rows (
  batch_id  uuid NOT NULL REFERENCES reward_batches (id) ON DELETE CASCADE,
  line      integer NOT NULL,
  uid       text NOT NULL,
  amount    text NOT NULL,
  memo      text NOT NULL,
  metadata  jsonb,
  problems  jsonb NOT NULL,
  warnings  jsonb NOT NULL,
  PRIMARY KEY (batch_id, line)
);

ALTER TABLE rewards ADD COLUMN batch_id uuid REFERENCES reward_batches (id);
ALTER TABLE rewards ADD COLUMN batch_line integer;
CREATE UNIQUE INDEX rewards_batch_line ON rewards (batch_id, batch_line) WHERE batch_id IS NOT NULL;
-- The rows a batch worker may start: not started yet (no create sent) or waiting to send it again.
CREATE INDEX rewards_batch_requested ON rewards (batch_id, batch_line) WHERE state = 'requested';
