import type { MiddlewareHandler } from 'hono';
import type { AuditLog } from '../audit/audit-log.ts';
import { refusal } from '../domain/refusal.ts';
import type { AppEnv } from '../http/app-env.ts';
import { auditContext } from './request-origin.ts';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const CONSOLE_HEADER = 'x-plat-console';

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

/** Why an unsafe request may have been made by another site on the browser's behalf, or null. */
export function crossSiteReason(headers: { get(name: string): string | null | undefined }): string | null {
  if (headers.get(CONSOLE_HEADER) !== '1') return `the ${CONSOLE_HEADER} header is missing`;
  const site = headers.get('sec-fetch-site');
  if (site) return site === 'same-origin' ? null : `Sec-Fetch-Site is ${site}`;
  const origin = headers.get('origin');
  if (!origin) return 'neither Origin nor Sec-Fetch-Site is present';
  return hostOf(origin) === headers.get('host') ? null : 'the Origin is another site';
}

/**
 * Unsafe requests must carry the console's own header and come from the console's own origin,
 * so that no other site can make a signed-in browser act. Refused before any handler runs.
 * `tokenPaths` authenticate by a token in a header, never by cookie, so a page cannot forge them.
 */
export function sameOriginGuard(audit: AuditLog, tokenPaths: readonly string[] = []): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!UNSAFE.has(c.req.method) || tokenPaths.some((prefix) => c.req.path.startsWith(prefix))) return next();
    const reason = crossSiteReason({ get: (name) => c.req.header(name) });
    if (!reason) return next();
    await audit.append({ ...auditContext(c), action: 'request.refused', target: `${c.req.method} ${c.req.path}`, outcome: 'denied', details: { reason } });
    throw refusal('forbidden', 'cross_site_request', `Refused: ${reason}.`);
  };
}
