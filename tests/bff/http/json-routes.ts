import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { TestApp } from '../support/test-app.ts';
import { SCOPES } from '../../../bff/src/auth/permissions.ts';
import { endpointsOf } from './app-endpoints.ts';

/** Put into every path parameter: a UUID, which each id parameter of the API accepts. */
const ANY_ID = '00000000-0000-4000-8000-000000000000';

/** A route that reads a JSON body, called as a signed-in admin (or, where it takes one, as the app's backend with a key). */
export interface JsonRoute {
  /** `METHOD /api/path/:param`, as the app lists it. */
  name: string;
  method: string;
  path: string;
  schema: z.ZodType;
  /** One of the fields its body has, to nest values under. */
  field: string;
  headers: Record<string, string>;
}

/** Every route of the app that reads a JSON body, found through its validator, so a new one is covered too. */
export async function jsonRoutesOf(t: TestApp, admin: string): Promise<JsonRoute[]> {
  const created = await t.request('POST', '/api/api-keys', { cookie: admin, body: { name: 'json body tests', scopes: SCOPES } });
  const { secret } = (await created.json()) as { secret: string };
  return endpointsOf(t.app).flatMap(({ method, path, keys, json }) =>
    json
      ? [
          {
            name: `${method} ${path}`,
            method,
            path: path.replace(/:\w+/g, ANY_ID),
            schema: json,
            field: keys.json[0] ?? 'unexpected',
            headers: {
              'x-plat-console': '1',
              'sec-fetch-site': 'same-origin',
              cookie: admin,
              'idempotency-key': randomUUID(),
              // Routes an app's backend calls take the key; the others take the session and ignore it.
              authorization: `Bearer ${secret}`,
            },
          },
        ]
      : [],
  );
}

/** Sends the bytes as they are, labelled with `contentType`, or with no Content-Type at all for null. */
export async function sendBody(t: TestApp, route: JsonRoute, body: Uint8Array<ArrayBuffer>, contentType: string | null, headers: Record<string, string> = {}): Promise<Response> {
  return t.app.request(route.path, { method: route.method, headers: { ...route.headers, ...(contentType === null ? {} : { 'content-type': contentType }), ...headers }, body });
}

export const utf8 = (text: string): Uint8Array<ArrayBuffer> => new TextEncoder().encode(text);
