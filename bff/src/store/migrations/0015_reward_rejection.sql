-- A second manager or admin may reject a reward or a batch awaiting approval: it ends as 'rejected'
-- (nothing paid, never approved or started later), with who rejected it, when and why, shown to its
-- requester. A batch's rows are rejected with it and carry the same three.

ALTER TABLE rewards DROP CONSTRAINT rewards_state_check;
ALTER TABLE rewards ADD CONSTRAINT rewards_state_check
  CHECK (state IN ('awaiting_approval', 'requested', 'created', 'signed', 'submitted', 'completed', 'failed', 'cancelled', 'needs_attention', 'rejected'));
ALTER TABLE rewards ADD COLUMN rejected_by uuid REFERENCES staff (id);
ALTER TABLE rewards ADD COLUMN rejected_at timestamptz;
ALTER TABLE rewards ADD COLUMN rejection_reason text;

ALTER TABLE reward_batches DROP CONSTRAINT reward_batches_state_check;
ALTER TABLE reward_batches ADD CONSTRAINT reward_batches_state_check
  CHECK (state IN ('previewed', 'awaiting_approval', 'running', 'paused', 'cancelled', 'finished', 'rejected'));
ALTER TABLE reward_batches ADD COLUMN rejected_by uuid REFERENCES staff (id);
ALTER TABLE reward_batches ADD COLUMN rejected_at timestamptz;
ALTER TABLE reward_batches ADD COLUMN rejection_reason text;

-- A requester's rejected requests are listed beside what still waits ("mine"), newest rejection first.
CREATE INDEX rewards_rejected ON rewards (requested_by, rejected_at) WHERE state = 'rejected' AND batch_id IS NULL;
CREATE INDEX reward_batches_rejected ON reward_batches (requested_by, rejected_at) WHERE state = 'rejected';
