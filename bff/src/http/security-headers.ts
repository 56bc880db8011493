import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { AppEnv } from './app-env.ts';

const ONE_YEAR_S = 365 * 24 * 60 * 60;

const baseHeaders = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'"],
    imgSrc: ["'self'", 'data:'],
    fontSrc: ["'self'"],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
  },
  referrerPolicy: 'same-origin',
  xContentTypeOptions: 'nosniff',
  xFrameOptions: 'DENY',
  // Sent below, and only over https: on plain http it would be ignored or pin a dev host.
  strictTransportSecurity: false,
  crossOriginEmbedderPolicy: false,
});

/** Security headers on every response; HSTS over https; nothing from /api is cached. */
export const securityHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  await baseHeaders(c, async () => {
    await next();
    const https = new URL(c.req.url).protocol === 'https:' || c.req.header('x-forwarded-proto') === 'https';
    if (https) c.header('Strict-Transport-Security', `max-age=${ONE_YEAR_S}; includeSubDomains`);
    if (c.req.path.startsWith('/api/')) c.header('Cache-Control', 'no-store');
  });
};
