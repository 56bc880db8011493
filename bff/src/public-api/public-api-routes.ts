import type { AuditLog } from '../audit/audit-log.ts';
import { requireAccess } from '../guards/require-access.ts';
import { createPublicApi, OPENAPI_DOCUMENT_PATH, openApiDocumentOf } from './public-api.ts';

export interface PublicApiDeps {
  audit: AuditLog;
}

/** The API the app's backend calls, under /v1, and its OpenAPI document (public). */
export function publicApiRoutes({ audit }: PublicApiDeps) {
  const api = createPublicApi();
  let document: ReturnType<typeof openApiDocumentOf> | undefined;
  api.get(OPENAPI_DOCUMENT_PATH, requireAccess('public', audit), (c) => c.json((document ??= openApiDocumentOf(api))));
  return api;
}
