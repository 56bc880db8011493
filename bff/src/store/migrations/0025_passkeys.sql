-- Passkeys (WebAuthn credentials) of staff members: a second factor, and where the member turns it on
-- for that passkey, a way to sign in without a password. Only the public key is kept.
CREATE TABLE passkeys (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  staff_id      uuid NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  -- base64url, as the browser names the credential.
  credential_id text NOT NULL UNIQUE,
  -- The COSE public key, base64url.
  public_key    text NOT NULL,
  -- The authenticator's signature counter at its last use; 0 for authenticators that keep none.
  counter       bigint NOT NULL DEFAULT 0 CHECK (counter >= 0),
  transports    jsonb NOT NULL DEFAULT '[]'::jsonb,
  name          text NOT NULL,
  passwordless  boolean NOT NULL DEFAULT false,
  created_at    timestamptz NOT NULL,
  last_used_at  timestamptz
);
CREATE INDEX passkeys_staff_id ON passkeys (staff_id);

-- Each challenge the console handed out, until it is used once or expires. A registration's and a
-- second factor's are tied to the session (pending or not) that asked; a passwordless sign-in's to none.
-- The relying party it was issued for (the console's origin and RP ID) is what its answer must match.
CREATE TABLE passkey_challenges (
  challenge    text PRIMARY KEY,
  purpose      text NOT NULL CHECK (purpose IN ('register', 'verify', 'sign_in')),
  staff_id     uuid REFERENCES staff (id) ON DELETE CASCADE,
  session_hash text,
  rp_id        text NOT NULL,
  origin       text NOT NULL,
  expires_at   timestamptz NOT NULL
);
CREATE INDEX passkey_challenges_expires_at ON passkey_challenges (expires_at);
