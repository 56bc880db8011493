-- A look-up moves a payment's sync time. In the wide payments row (jsonb, trigram index, 12 indexes)
-- that was a non-HOT update of every index; in this narrow table it touches two small btrees.
-- Room on each page lets the new row version land beside the old one, where pruning can reclaim it.
CREATE TABLE payment_syncs (
  payment_id     text PRIMARY KEY REFERENCES payments (id) ON DELETE CASCADE,
  last_synced_at timestamptz NOT NULL
) WITH (fillfactor = 50);
CREATE INDEX payment_syncs_synced ON payment_syncs (last_synced_at, payment_id);

INSERT INTO payment_syncs (payment_id, last_synced_at) SELECT id, last_synced_at FROM payments;

DROP INDEX payments_synced;
DROP INDEX payments_moving;
ALTER TABLE payments DROP COLUMN last_synced_at;
