-- The overview counts rewards that ended unpaid (failed, or set aside for a person) every 30 s.
CREATE INDEX rewards_ended_unpaid ON rewards (error_code) WHERE state IN ('failed', 'needs_attention');
