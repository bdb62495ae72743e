-- "Is this endpoint busy?" (an unexpired lease, §4.7) runs in every claim, hand-over and sweep.
-- Leases exist only while an attempt is in flight, so this partial index stays a few rows
-- however long an endpoint's history grows (bench/webhooks: a full scan of 1 M deliveries of
-- one endpoint took 67 ms without it).
CREATE INDEX deliveries_endpoint_lease_idx ON deliveries (endpoint_id, lease_expires_at)
  WHERE lease_expires_at IS NOT NULL;
