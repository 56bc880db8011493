import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env.ts';

const ONE_YEAR_S = 365 * 24 * 60 * 60;

const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

const HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['Content-Security-Policy', CONTENT_SECURITY_POLICY],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Origin-Agent-Cluster', '?1'],
  ['Referrer-Policy', 'same-origin'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-DNS-Prefetch-Control', 'off'],
  ['X-Download-Options', 'noopen'],
  ['X-Frame-Options', 'DENY'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
  ['X-XSS-Protection', '0'],
];

/**
 * Security headers on every response; HSTS only over https (on plain http it would be ignored or pin
 * a dev host); nothing from /api is cached. Set before the handler runs, so that they become part of
 * the response it builds: adding headers to a finished response makes the Node adapter copy it.
 */
export const securityHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  for (const [name, value] of HEADERS) c.header(name, value);
  if (c.req.url.startsWith('https:') || c.req.header('x-forwarded-proto') === 'https') {
    c.header('Strict-Transport-Security', `max-age=${ONE_YEAR_S}; includeSubDomains`);
  }
  if (c.req.path.startsWith('/api/')) c.header('Cache-Control', 'no-store');
  await next();
};
