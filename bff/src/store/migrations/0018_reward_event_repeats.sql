-- A reward's step met again and again (a create refused while another payment blocks it, every few
-- seconds) is one timeline entry: how many times it happened, and when last.
ALTER TABLE reward_events ADD COLUMN repeats integer NOT NULL DEFAULT 1;
ALTER TABLE reward_events ADD COLUMN last_at timestamptz;
