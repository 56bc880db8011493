-- A reward may refund a completed user-to-app payment: refund_of names that payment. A payment's
-- refunds are listed on its page, and summed under its lock whenever a new one is asked for, so that
-- together they never exceed its amount.
ALTER TABLE rewards ADD COLUMN refund_of text;
CREATE INDEX rewards_refund_of ON rewards (refund_of, created_at) WHERE refund_of IS NOT NULL;
