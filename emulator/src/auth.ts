import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { unauthorized } from './errors.ts';
import type { User, UserBook } from './state/users.ts';

function credentials(header: string | undefined, scheme: 'Key' | 'Bearer'): string | null {
  const match = /^(\S+)\s+(\S+)\s*$/.exec(header ?? '');
  if (match === null || match[1]?.toLowerCase() !== scheme.toLowerCase()) return null;
  return match[2] ?? null;
}

const digest = (value: string): Buffer => createHash('sha256').update(value).digest();

/** Requires `Authorization: Key <server API key>`. */
export function requireKey(key: string): MiddlewareHandler {
  const expected = digest(key);
  return async (c, next) => {
    const header = c.req.header('authorization');
    const given = credentials(header, 'Key');
    if (given === null) {
      const message = credentials(header, 'Bearer') === null
        ? 'Authorization: Key <server API key> is required'
        : 'this route needs the server API key (Authorization: Key …), not a user access token';
      throw unauthorized('invalid_key', message);
    }
    if (!timingSafeEqual(digest(given), expected)) throw unauthorized('invalid_key', 'the server API key is not valid');
    await next();
  };
}

/** The user behind `Authorization: Bearer <access token>`. */
export function authenticateUser(header: string | undefined, users: UserBook, now: number): User {
  const token = credentials(header, 'Bearer');
  if (token === null) {
    const message = credentials(header, 'Key') === null
      ? 'Authorization: Bearer <access token> is required'
      : 'this route needs a user access token (Authorization: Bearer …), not the server API key';
    throw unauthorized('invalid_token', message);
  }
  const user = users.withToken(token);
  if (user === undefined) throw unauthorized('invalid_token', 'the access token is not valid');
  if (now > user.tokenValidUntil) throw unauthorized('token_expired', 'the access token has expired');
  return user;
}
