import { createPublicApi, openApiDocumentOf } from './public-api.ts';

/**
 * The public API's OpenAPI document, built from its operations without serving them: what
 * `npm run openapi` writes to docs/openapi.json. A test holds it equal to the served document.
 */
export function publicApiDocument() {
  const api = createPublicApi();
  return openApiDocumentOf(api);
}
