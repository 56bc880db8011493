-- Whether a batch had to wait for a second person's approval when it was started: the Batches list
-- says "not needed", "awaiting", "approved" or "withdrawn" from it. Batches started before this
-- column: those approved or awaiting approval, and those whose rows were inserted awaiting approval
-- (withdrawn before anyone approved them).
ALTER TABLE reward_batches ADD COLUMN approval_asked boolean NOT NULL DEFAULT false;

UPDATE reward_batches b SET approval_asked = true
WHERE b.approved_by IS NOT NULL
   OR b.state = 'awaiting_approval'
   OR EXISTS (
     SELECT 1 FROM rewards r JOIN reward_events e ON e.reward_id = r.id
     WHERE r.batch_id = b.id AND e.state = 'awaiting_approval');
