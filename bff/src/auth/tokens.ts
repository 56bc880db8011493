import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: for session ids and one-time links. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the store keeps instead of a token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
