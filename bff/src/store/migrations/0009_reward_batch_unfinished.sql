-- Whether a running batch has rows left to pay is asked after every row; without this index the
-- question walks every row the batch has finished.
CREATE INDEX rewards_batch_unfinished ON rewards (batch_id)
  WHERE batch_id IS NOT NULL AND state IN ('awaiting_approval', 'requested', 'created', 'signed', 'submitted');
