-- A batch's approval is now kept on its rows too (BatchStore.moveRewards), so that a retry of a failed
-- row keeps it (PayoutGate.readmit). The rows of batches approved before that take their batch's approver.
UPDATE rewards r SET approved_by = b.approved_by
FROM reward_batches b
WHERE r.batch_id = b.id AND r.approved_by IS NULL AND b.approved_by IS NOT NULL;
