import type { Context } from 'hono';
import type { ApiKeyCaller } from '../auth/api-key-caller.ts';
import type { ApiKeys } from '../auth/api-keys.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import { scopeFor, type Permission } from '../auth/permissions.ts';
import { refusal } from '../domain/refusal.ts';
import type { AppEnv } from '../http/app-env.ts';
import type { KeyRateLimit } from './key-rate-limit.ts';
import { auditRefusal, declaringAccess } from './require-access.ts';

export interface ApiKeyGuardDeps {
  keys: ApiKeys;
  audit: AuditLog;
  rateLimit: KeyRateLimit;
}

const BEARER = /^Bearer +(\S+)$/i;

/**
 * The first handler of every route an app's backend calls: a live API key as `Authorization: Bearer …`,
 * from an address its allow-list admits, within its rate, with the scope `permission` needs. No cookie
 * and no CSRF header: it is not a browser API. Refusals are audited and never say whether a key exists.
 */
export function requireScope(permission: Permission, { keys, audit, rateLimit }: ApiKeyGuardDeps) {
  const scope = scopeFor(permission);
  return declaringAccess(permission, async (c, next) => {
    const secret = BEARER.exec(c.req.header('authorization') ?? '')?.[1];
    const found = secret ? await keys.authenticate(secret, c.get('clientIp')) : ({ reason: 'invalid' } as const);
    if ('reason' in found) {
      if (found.reason === 'ip_not_allowed') {
        await auditRefusal(c, audit, 403, permission);
        throw refusal('forbidden', 'ip_not_allowed', `This API key may not be used from ${found.ip ?? 'this address'}: it is outside the key's IP allow-list.`);
      }
      await auditRefusal(c, audit, 401, permission);
      throw refusal('unauthenticated', 'invalid_api_key', 'A valid API key is needed as Authorization: Bearer <key>. This one is unknown, revoked or expired.');
    }
    c.set('apiKey', found);
    rateLimit.take(found.id);
    if (scope === null || !found.scopes.includes(scope)) {
      await auditRefusal(c, audit, 403, permission);
      throw refusal('forbidden', 'missing_scope', scope === null ? 'No API key may do this.' : `This API key lacks the ${scope} scope this needs.`, { needs: scope });
    }
    return next();
  }, 'api-key');
}

/** The API key of a route guarded by requireScope. */
export function currentApiKey(c: Context<AppEnv>): ApiKeyCaller {
  const key = c.get('apiKey');
  if (!key) throw refusal('unauthenticated', 'invalid_api_key', 'A valid API key is needed as Authorization: Bearer <key>.');
  return key;
}
