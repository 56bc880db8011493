import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';

// With the `host` prefix the cookie is `__Host-plat_session`: Secure, Path=/, no Domain.
const NAME = 'plat_session';

export function readSessionCookie(c: Context): string | undefined {
  return getCookie(c, NAME, 'host');
}

export function writeSessionCookie(c: Context, id: string, expiresAt: Date): void {
  setCookie(c, NAME, id, { prefix: 'host', httpOnly: true, sameSite: 'Strict', expires: expiresAt });
}

export function clearSessionCookie(c: Context): void {
  deleteCookie(c, NAME, { prefix: 'host', httpOnly: true, sameSite: 'Strict' });
}
