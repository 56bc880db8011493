-- A batch the runner paused because the app wallet could not pay its next row: how much it lacked.
-- The runner resumes it by itself once the wallet can; staff may resume it too.
ALTER TABLE reward_batches ADD COLUMN needs_funds numeric(30, 7);
