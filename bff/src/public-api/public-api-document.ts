import { createPublicApi, openApiDocumentOf } from './public-api.ts';
import { PUBLIC_API_OPERATIONS } from './public-api-operations.ts';

/**
 * The public API's OpenAPI document, built from its operations without serving them: what
 * `npm run openapi` writes to docs/openapi.json. A test holds it equal to the served document.
 */
export function publicApiDocument() {
  const api = createPublicApi();
  for (const { route } of PUBLIC_API_OPERATIONS) api.openAPIRegistry.registerPath(route);
  return openApiDocumentOf(api);
}
