-- Every rewarded-ad status check staff made, with its verdict.

CREATE TABLE ad_checks (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  ad_id        text NOT NULL,
  checked_at   timestamptz NOT NULL,
  checked_by   text,
  result       text NOT NULL CHECK (result IN ('ok', 'not_found', 'error')),
  status       text CHECK (status IN ('granted', 'revoked', 'failed')),
  granted_at   timestamptz,
  revoked_at   timestamptz,
  reward       boolean NOT NULL,
  error_code   text
);
CREATE INDEX ad_checks_checked ON ad_checks (checked_at, id);
CREATE INDEX ad_checks_ad ON ad_checks (ad_id, id);
