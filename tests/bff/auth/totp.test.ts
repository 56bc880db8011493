import { describe, expect, it } from 'vitest';
import { newTotpSecret, totpCodeOf, totpStepOf, totpUri } from '../../../bff/src/auth/totp.ts';
import { authenticatorCode, STEP_MS } from '../support/second-factors.ts';

describe("the tests' own authenticator", () => {
  // RFC 6238, appendix B: the SHA-1 key is the ASCII of "12345678901234567890"; codes of 8 digits.
  const rfcKey = Buffer.from('12345678901234567890');
  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])('gives RFC 6238’s code at %i s', (seconds, code) => {
    expect(authenticatorCode(rfcKey, new Date(seconds * 1000), 8)).toBe(code);
  });
});

describe('TOTP', () => {
  const secret = newTotpSecret();
  const at = new Date('2026-11-21T09:00:10.000Z');
  const step = Math.floor(at.getTime() / STEP_MS);

  it('makes a 160-bit base32 secret and an otpauth URI with the profile every app reads', () => {
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(totpUri(secret, 'ops@example.com'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Plat Console:ops@example.com');
    expect(Object.fromEntries(uri.searchParams)).toEqual({ secret, issuer: 'Plat Console', algorithm: 'SHA1', digits: '6', period: '30' });
  });

  it('accepts the code of the current step and of one step either side, and says which step it was', () => {
    expect(totpStepOf(secret, authenticatorCode(secret, at), at)).toBe(step);
    expect(totpStepOf(secret, authenticatorCode(secret, new Date(at.getTime() - STEP_MS)), at)).toBe(step - 1);
    expect(totpStepOf(secret, authenticatorCode(secret, new Date(at.getTime() + STEP_MS)), at)).toBe(step + 1);
  });

  it('refuses a code two steps off, and another secret’s code', () => {
    const stale = authenticatorCode(secret, new Date(at.getTime() - 2 * STEP_MS));
    const early = authenticatorCode(secret, new Date(at.getTime() + 2 * STEP_MS));
    const current = authenticatorCode(secret, at);
    // A code of another step may happen to equal this one's (one chance in a million); then it is this step's code.
    if (stale !== current) expect(totpStepOf(secret, stale, at)).toBeNull();
    if (early !== current) expect(totpStepOf(secret, early, at)).toBeNull();
    const other = newTotpSecret();
    const othersCode = authenticatorCode(other, at);
    const ours = [-1, 0, 1].map((delta) => authenticatorCode(secret, new Date(at.getTime() + delta * STEP_MS)));
    if (!ours.includes(othersCode)) expect(totpStepOf(secret, othersCode, at)).toBeNull();
  });

  it('reads a code with spaces as typed, and nothing but six digits', () => {
    expect(totpCodeOf(' 123 456 ')).toBe('123456');
    expect(totpCodeOf('12345')).toBeNull();
    expect(totpCodeOf('1234567')).toBeNull();
    expect(totpCodeOf('12345a')).toBeNull();
    expect(totpCodeOf('')).toBeNull();
  });
});
