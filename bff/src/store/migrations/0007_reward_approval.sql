-- Spending limits and two-person approval: a reward above the approval threshold waits in
-- 'awaiting_approval' (nothing upstream) until another manager or admin approves it.

ALTER TABLE rewards DROP CONSTRAINT rewards_state_check;
ALTER TABLE rewards ADD CONSTRAINT rewards_state_check
  CHECK (state IN ('awaiting_approval', 'requested', 'created', 'signed', 'submitted', 'completed', 'failed', 'cancelled', 'needs_attention'));
ALTER TABLE rewards ADD COLUMN approved_by uuid REFERENCES staff (id);

-- The daily total per staff member sums this staff member's rewards of the day.
CREATE INDEX rewards_requester_day ON rewards (requested_by, created_at);
CREATE INDEX rewards_awaiting_approval ON rewards (created_at) WHERE state = 'awaiting_approval';
