-- Payments that can still move, newest first: "not completed, not cancelled" views and staleness.
CREATE INDEX payments_moving_created ON payments (created_at, id)
  WHERE state NOT IN ('completed', 'cancelled', 'cancelled_by_user');
