import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { UpstreamHop } from '../../../bff/src/upstream/upstream-hop.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { endpointsOf, type Endpoint } from './app-endpoints.ts';
import { hostileCursor, hostileJson, hostileText, urlEncoded } from './hostile-input.ts';

/** Runs per route: enough to find each defect of issue 12 within seconds, small enough for the suite's time. */
const RUNS_PER_ROUTE = 25;

const HEADER_SAFE = /^[\x20-\x7e]*$/;

interface HostileRequest {
  path: string;
  headers: Record<string, string>;
  body?: Uint8Array<ArrayBuffer>;
}

function requestArbitrary(endpoint: Endpoint): fc.Arbitrary<HostileRequest> {
  const params = endpoint.path.match(/:\w+/g) ?? [];
  const pathArb = fc.tuple(...params.map(() => fc.oneof(hostileText.filter((text) => text !== ''), fc.constantFrom('pay_1', '1')))).map((values) => {
    let path = endpoint.path;
    values.forEach((value, index) => (path = path.replace(params[index] ?? '', urlEncoded(value))));
    return path;
  });
  const queryKeys = fc.constantFrom(...endpoint.keys.query, 'cursor', 'limit', 'from', 'to', 'unexpected');
  const queryArb = fc
    .array(fc.tuple(queryKeys, fc.oneof(hostileText, hostileCursor)), { maxLength: 4 })
    .map((pairs) => pairs.map(([key, value]) => `${key}=${urlEncoded(value)}`).join('&'));
  const jsonObject = fc.dictionary(fc.constantFrom(...endpoint.keys.json, 'unexpected'), hostileJson, { maxKeys: 4 });
  const utf8 = (text: string) => new TextEncoder().encode(text);
  const bodyArb: fc.Arbitrary<Uint8Array<ArrayBuffer> | undefined> = fc.oneof(
    jsonObject.map((value) => utf8(JSON.stringify(value))),
    hostileJson.map((value) => utf8(JSON.stringify(value) ?? 'null')),
    fc.constantFrom(utf8('{"reason":'), new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('{}')]), new Uint8Array([0x7b, 0xff, 0x7d]), utf8('')),
    fc.constant(undefined),
  );
  const headerArb = fc.dictionary(fc.constantFrom(...endpoint.keys.header, 'x-request-id'), hostileText.filter((text) => HEADER_SAFE.test(text)), { maxKeys: 2 });
  const hasBody = endpoint.method !== 'GET' && endpoint.method !== 'HEAD';
  return fc.record({ path: pathArb, query: queryArb, headers: headerArb, body: hasBody ? bodyArb : fc.constant(undefined) }).map(({ path, query, headers, body }) => ({
    path: query ? `${path}?${query}` : path,
    headers,
    ...(body ? { body } : {}),
  }));
}

/** Whatever a caller sends to any route: 2xx or 4xx with a message, a whole body, and no platform call for what is refused. */
describe('every route under hostile input', () => {
  let t: TestApp;
  let cookie: string;
  const platformCalls = vi.spyOn(UpstreamHop.prototype, 'call');

  beforeAll(async () => {
    // Retries as in production: a keep-alive connection the emulator closed is tried again, not a 502.
    t = await createTestApp('pglite', { getRetries: 2 });
    cookie = await t.signInAs('admin');
  });
  afterAll(async () => {
    platformCalls.mockRestore();
    await t.close();
  });

  it('covers the routes of the app, new ones included', () => {
    const paths = endpointsOf(t.app).map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(paths).toEqual(expect.arrayContaining(['GET /api/payments', 'POST /api/payments/:id/cancel', 'GET /api/audit', 'GET /api/ads/checks']));
    expect(paths.length).toBeGreaterThan(25);
  });

  it('never answers 5xx or a cut-off body', { timeout: 240_000 }, async () => {
    for (const endpoint of endpointsOf(t.app)) {
      await fc.assert(
        fc.asyncProperty(requestArbitrary(endpoint), async (request) => {
          const callsBefore = platformCalls.mock.calls.length;
          const response = await t.app.request(request.path, {
            method: endpoint.method,
            headers: { 'x-plat-console': '1', 'sec-fetch-site': 'same-origin', cookie, ...(request.body ? { 'content-type': 'application/json' } : {}), ...request.headers },
            ...(request.body ? { body: request.body } : {}),
          });
          const text = await response.text();
          const where = `${endpoint.method} ${request.path.slice(0, 300)} → ${response.status} ${text.slice(0, 300)}`;
          expect(response.status, where).toBeLessThan(500);
          const type = response.headers.get('content-type') ?? '';
          if (type.includes('application/json')) {
            const body = JSON.parse(text) as { error?: { message?: unknown } };
            if (response.status >= 400) expect(typeof body.error?.message === 'string' && body.error.message.length > 0, where).toBe(true);
          }
          if (type.includes('ndjson')) {
            const lines = text.trim().split('\n').map((line) => JSON.parse(line) as { type?: string });
            expect(lines.at(-1)?.type, where).toBe('done');
          }
          if (response.status === 400) expect(platformCalls.mock.calls.length, where).toBe(callsBefore);
        }),
        { numRuns: RUNS_PER_ROUTE, ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED) } : {}) },
      );
    }
  });
});
