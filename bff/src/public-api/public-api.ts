import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../http/app-env.ts';
import { refuseInvalidInput } from '../http/validate.ts';

/** Where the public API lives, and where it describes itself. */
export const PUBLIC_API_BASE = '/v1';
export const OPENAPI_DOCUMENT_PATH = '/openapi.json';

/** The security scheme every operation names, with the scope it needs. */
export const API_KEY_SCHEME = 'apiKey';

const DOCUMENT_CONFIG = {
  openapi: '3.1.0',
  info: {
    title: 'Plat Console API',
    version: '1',
    description:
      "The console's API for the app's backend: an API key as `Authorization: Bearer <key>`, with the scope each operation names. Rewards are paid through the same pipeline and payout gate as the console's own. Errors are `{ error: { code, message, requestId, field? } }`.",
  },
};

/**
 * An empty public API: bad input answers the console's one error shape (the hook every validator of
 * the console uses), and its document names the bearer scheme. Its routes are added by the caller.
 */
export function createPublicApi() {
  const api = new OpenAPIHono<AppEnv>({ defaultHook: refuseInvalidInput }).basePath(PUBLIC_API_BASE);
  api.openAPIRegistry.registerComponent('securitySchemes', API_KEY_SCHEME, {
    type: 'http',
    scheme: 'bearer',
    description: 'An API key made by an admin on the API keys page, sent as `Authorization: Bearer <key>`. Each operation names the scope the key needs.',
  });
  return api;
}

type PublicApi = ReturnType<typeof createPublicApi>;

/** The OpenAPI 3.1 document of the operations registered on `api`. */
export function openApiDocumentOf(api: PublicApi) {
  return api.getOpenAPI31Document(DOCUMENT_CONFIG);
}
