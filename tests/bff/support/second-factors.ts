import { createHmac } from 'node:crypto';
import { sessionCookieFrom, SANDBOX_PASSWORD, type TestApp } from './test-app.ts';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
/** A TOTP step lasts this long; a test moves the clock by it so that the next code is a new one. */
export const STEP_MS = 30_000;

function base32Bytes(text: string): Buffer {
  let bits = '';
  for (const char of text.replace(/=+$/, '').toUpperCase()) {
    const value = BASE32.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${char}`);
    bits += value.toString(2).padStart(5, '0');
  }
  return Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2)));
}

/**
 * An authenticator app's code, computed here from RFC 4226 and RFC 6238 with node's HMAC, apart from
 * the console's own code (which uses the otpauth package): HMAC-SHA-1 of the 30-second step, truncated.
 */
export function authenticatorCode(secret: string | Buffer, at: Date, digits = 6): string {
  const key = typeof secret === 'string' ? base32Bytes(secret) : secret;
  const step = Buffer.alloc(8);
  step.writeBigUInt64BE(BigInt(Math.floor(at.getTime() / STEP_MS)));
  const mac = createHmac('sha1', key).update(step).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const value = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(value % 10 ** digits).padStart(digits, '0');
}

export interface EnrolledTotp {
  secret: string;
  recoveryCodes: string[];
}

/** Adds an authenticator app through the API, as a person with the app would, and moves past the code's step. */
export async function enrolTotp(t: TestApp, cookie: string): Promise<EnrolledTotp> {
  const started = await t.request('POST', '/api/me/totp', { cookie });
  if (started.status !== 200) throw new Error(`starting TOTP failed: ${started.status} ${await started.text()}`);
  const { secret } = (await started.json()) as { secret: string };
  const confirmed = await t.request('POST', '/api/me/totp/confirm', { cookie, body: { code: authenticatorCode(secret, t.clock.now()) } });
  if (confirmed.status !== 200) throw new Error(`confirming TOTP failed: ${confirmed.status} ${await confirmed.text()}`);
  const { recoveryCodes } = (await confirmed.json()) as { recoveryCodes: string[] };
  t.clock.advance(STEP_MS);
  return { secret, recoveryCodes };
}

/** Signs in with the password and then the app's current code; answers the cookie. Moves past the code's step. */
export async function signInWithTotp(t: TestApp, email: string, secret: string): Promise<string> {
  const first = await t.request('POST', '/api/session', { body: { email, password: SANDBOX_PASSWORD } });
  if (first.status !== 200) throw new Error(`sign-in of ${email} failed: ${first.status} ${await first.text()}`);
  const cookie = sessionCookieFrom(first);
  const second = await t.request('POST', '/api/session/second-factor', { cookie, body: { code: authenticatorCode(secret, t.clock.now()) } });
  if (second.status !== 200) throw new Error(`second factor of ${email} failed: ${second.status} ${await second.text()}`);
  t.clock.advance(STEP_MS);
  return cookie;
}

/** A fresh check with the app's current code; moves past the code's step. */
export async function stepUp(t: TestApp, cookie: string, secret: string): Promise<Response> {
  const response = await t.request('POST', '/api/session/step-up', { cookie, body: { code: authenticatorCode(secret, t.clock.now()) } });
  t.clock.advance(STEP_MS);
  return response;
}
