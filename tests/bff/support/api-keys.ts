import type { Scope } from '../../../bff/src/auth/permissions.ts';
import type { TestApp } from './test-app.ts';

/** An API key made by an admin on the console's page, and its secret (shown once). */
export interface TestApiKey {
  id: string;
  secret: string;
}

export async function createApiKey(t: TestApp, adminCookie: string, scopes: Scope[], name = `key ${scopes.join(' ')}`): Promise<TestApiKey> {
  const response = await t.request('POST', '/api/api-keys', { cookie: adminCookie, body: { name, scopes } });
  if (response.status !== 201) throw new Error(`creating the key failed: ${response.status} ${await response.text()}`);
  const { secret, apiKey } = (await response.json()) as { secret: string; apiKey: { id: string } };
  return { id: apiKey.id, secret };
}

/** A call to the public API as an app's backend makes it: the key as the bearer, no cookie, no console header. */
export async function callV1(t: TestApp, method: string, path: string, { key, body, headers = {} }: { key?: TestApiKey; body?: unknown; headers?: Record<string, string> } = {}): Promise<Response> {
  return await t.app.request(path, {
    method,
    headers: {
      ...(key ? { authorization: `Bearer ${key.secret}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** The one error shape's fields. */
export async function v1ErrorOf(response: Response): Promise<{ code: string; message: string; requestId: string; field?: string; details?: Record<string, unknown> }> {
  return ((await response.json()) as { error: { code: string; message: string; requestId: string; field?: string; details?: Record<string, unknown> } }).error;
}
