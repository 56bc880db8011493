import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicApiDocument } from '../../../../../bff/src/public-types.ts';
import { readJson } from '../../../lib/api-client.ts';

/** Where the public API describes itself; outside /api, so not part of the typed client. */
export const OPENAPI_DOCUMENT_URL = '/v1/openapi.json';

export const referenceKeys = {
  all: ['reference'] as const,
  document: () => [...referenceKeys.all, 'openapi'] as const,
};

/** The document as any tool reads it: public, so without the session cookie. */
export async function getOpenApiDocument(signal?: AbortSignal): Promise<PublicApiDocument> {
  // readJson types the body from the typed client's routes; this answer's type is the document's.
  return readJson(fetch(OPENAPI_DOCUMENT_URL, { signal, credentials: 'omit' }));
}

/** The document changes only with a new release of the console. */
export function useOpenApiDocument() {
  return useQuery(queryOptions({ queryKey: referenceKeys.document(), queryFn: ({ signal }) => getOpenApiDocument(signal), staleTime: Infinity }));
}
