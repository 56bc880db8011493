-- Second factors: authenticator apps (TOTP) and recovery codes, the policy that requires them, and
-- what a session knows of them.

-- The sandbox's demo accounts, which the policy may exempt (bootstrap marks them at every sandbox start).
ALTER TABLE staff ADD COLUMN sandbox_demo boolean NOT NULL DEFAULT false;

-- A session's own public id (the page that lists sessions names them by it; the cookie's hash stays
-- the key), whether its second factor is still awaited ('pending') or was checked ('verified'), when
-- one was last checked (step-up), and by when its staff member must have enrolled one.
ALTER TABLE sessions ADD COLUMN id uuid NOT NULL DEFAULT gen_random_uuid();
ALTER TABLE sessions ADD CONSTRAINT sessions_id_unique UNIQUE (id);
ALTER TABLE sessions ADD COLUMN second_factor text NOT NULL DEFAULT 'none' CHECK (second_factor IN ('none', 'pending', 'verified'));
ALTER TABLE sessions ADD COLUMN factor_checked_at timestamptz;
ALTER TABLE sessions ADD COLUMN enrol_by timestamptz;

-- One authenticator app per staff member: pending until a first code confirms it. The secret is
-- needed to check codes, so it cannot be hashed: it is kept sealed (AES-256-GCM, PLAT_SECRETS_KEY;
-- bff/src/secret-sealer.ts). A code's 30-second step is used once: a code of a
-- step at or before last_used_step is refused.
CREATE TABLE staff_totp (
  staff_id       uuid PRIMARY KEY REFERENCES staff (id) ON DELETE CASCADE,
  secret         text NOT NULL,
  created_at     timestamptz NOT NULL,
  confirmed_at   timestamptz,
  last_used_step bigint
);

-- Recovery codes: only their hashes; each works once.
CREATE TABLE recovery_codes (
  staff_id   uuid NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  code_hash  text NOT NULL,
  created_at timestamptz NOT NULL,
  used_at    timestamptz,
  PRIMARY KEY (staff_id, code_hash)
);

-- The policy as auth/second-factor-policy.ts defaults it, in force from this migration: members
-- enrol within the grace days from then (or from their own creation, the later).
INSERT INTO settings (key, value, updated_at) VALUES (
  'second_factor',
  jsonb_build_object(
    'requiredRoles', jsonb_build_array('support', 'manager', 'ops', 'admin'),
    'graceDays', 7,
    'sandboxExempt', true,
    'stepUpMinutes', 5,
    'requiredSince', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
  ),
  now()
) ON CONFLICT (key) DO NOTHING;
