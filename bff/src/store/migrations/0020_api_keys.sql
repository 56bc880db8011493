-- API keys: how the app's backend reaches the console. Each key has scopes, an optional expiry and IP
-- allow-list, and its own limits; only a hash of its secret is kept. A rolled key keeps its previous
-- secret's hash until the overlap ends.
CREATE TABLE api_keys (
  id                    uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name                  text NOT NULL,
  secret_hash           text NOT NULL UNIQUE,
  -- The secret's prefix and last characters, to tell keys apart on the page; never enough to use it.
  secret_hint           text NOT NULL,
  previous_secret_hash  text UNIQUE,
  previous_valid_until  timestamptz,
  scopes                jsonb NOT NULL,
  allowed_ips           jsonb,
  limits                jsonb,
  expires_at            timestamptz,
  created_by            uuid REFERENCES staff (id) ON DELETE SET NULL,
  created_at            timestamptz NOT NULL,
  rolled_at             timestamptz,
  revoked_at            timestamptz,
  last_used_at          timestamptz,
  last_used_ip          text
);

-- The ingest tokens become keys with the ingest scope; their secrets hash the same way, so they keep working.
INSERT INTO api_keys (id, name, secret_hash, secret_hint, scopes, created_by, created_at, revoked_at, last_used_at)
SELECT id, name, token_hash, 'plat_ingest_…', '["ingest"]'::jsonb, created_by, created_at, revoked_at, last_used_at FROM ingest_tokens;

DROP TABLE ingest_tokens;

-- A reward's requester is a staff member or an API key (both ids are uuids, never alike).
ALTER TABLE rewards DROP CONSTRAINT rewards_requested_by_fkey;
