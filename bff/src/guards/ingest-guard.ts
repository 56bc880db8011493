import type { AuditLog } from '../audit/audit-log.ts';
import { refusal } from '../domain/refusal.ts';
import type { IngestTokens } from '../auth/ingest-tokens.ts';
import { auditRefusal, declaringAccess } from './require-access.ts';

/** The guard of the ingest endpoint: a valid, unrevoked ingest token as `Authorization: Bearer …`. */
export function requireIngestToken(tokens: IngestTokens, audit: AuditLog) {
  return declaringAccess('ingest-token', async (c, next) => {
    const match = /^Bearer +(\S+)$/i.exec(c.req.header('authorization') ?? '');
    const tokenId = match?.[1] ? await tokens.authenticate(match[1]) : null;
    if (!tokenId) {
      await auditRefusal(c, audit, 401, 'ingest-token');
      throw refusal('unauthenticated', 'invalid_ingest_token', 'A valid ingest token is needed (Authorization: Bearer plat_ingest_…).');
    }
    return next();
  });
}
