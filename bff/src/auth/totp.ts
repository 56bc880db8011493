import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as every authenticator app reads it: HMAC-SHA-1, 6 digits, 30-second steps. */
const PROFILE = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
/** Codes of the step before and after the current one are accepted too (a clock a little off, a code typed late). */
const WINDOW = 1;
export const TOTP_ISSUER = 'Plat Console';
const CODE = /^\d{6}$/;

/** A new secret: 160 random bits (RFC 4226's recommended length), in base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI an authenticator app reads from a QR code. */
export function totpUri(secret: string, account: string): string {
  return new TOTP({ issuer: TOTP_ISSUER, label: account, secret: Secret.fromBase32(secret), ...PROFILE }).toString();
}

/** A code as typed, without the spaces apps show in the middle; null when it is not six digits. */
export function totpCodeOf(typed: string): string | null {
  const code = typed.replace(/\s+/g, '');
  return CODE.test(code) ? code : null;
}

/** The 30-second step (counted from the Unix epoch) whose code this is, within one step of `at`; null when it is none of them. */
export function totpStepOf(secret: string, code: string, at: Date): number | null {
  const timestamp = at.getTime();
  const delta = TOTP.validate({ token: code, secret: Secret.fromBase32(secret), ...PROFILE, timestamp, window: WINDOW });
  return delta === null ? null : TOTP.counter({ period: PROFILE.period, timestamp }) + delta;
}
