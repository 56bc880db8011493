-- The network filter of the payments index: without it a filter on a network scans every payment.
CREATE INDEX payments_network_created ON payments (network, created_at, id);
