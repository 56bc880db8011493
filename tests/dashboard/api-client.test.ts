import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, api, consoleFetch, readJson, readNoContent, readProgressEvents } from '../../dashboard/src/lib/api-client.ts';

afterEach(() => vi.unstubAllGlobals());

function answer(body: string, status: number, contentType = 'application/json') {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(body, { status, headers: { 'content-type': contentType } })));
}

async function failureOf(promise: Promise<unknown>): Promise<ApiRequestError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ApiRequestError)) throw new Error(`expected an ApiRequestError, got ${String(error)}`);
  return error;
}

describe('readJson', () => {
  it('returns the body of a successful answer', async () => {
    answer(JSON.stringify({ mode: 'live' }), 200);
    await expect(readJson(api.meta.$get())).resolves.toEqual({ mode: 'live' });
  });

  it('turns the error envelope into an ApiRequestError with every field', async () => {
    const upstream = { status: 401, code: 'unauthorized', message: 'Key rejected' };
    answer(JSON.stringify({ error: { code: 'upstream_refused', message: 'The platform refused', requestId: 'req-42', upstream } }), 502);

    const error = await failureOf(readJson(api.meta.$get()));
    expect(error).toMatchObject({ status: 502, code: 'upstream_refused', message: 'The platform refused', requestId: 'req-42', upstream });
  });

  it('refuses a status the caller did not accept, and accepts one it did', async () => {
    const body = { ready: false, upstream: { ok: false, reachable: false, keyAccepted: null, latencyMs: 1 } };
    answer(JSON.stringify(body), 503);
    expect((await failureOf(readJson(api.ready.$get()))).status).toBe(503);

    answer(JSON.stringify(body), 503);
    await expect(readJson(api.ready.$get(), [503])).resolves.toEqual(body);
  });

  it('describes an answer that is not an error envelope', async () => {
    answer('<html><body>Bad gateway</body></html>', 502, 'text/html');

    const error = await failureOf(readJson(api.meta.$get()));
    expect(error).toMatchObject({ status: 502, code: 'unexpected_response', requestId: null, upstream: null });
  });

  it('reports a request that got no answer as status 0', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));

    const error = await failureOf(readJson(api.meta.$get()));
    expect(error).toMatchObject({ status: 0, code: 'network_error' });
  });
});

describe('Requests to the console server', () => {
  it.each(['POST', 'PUT', 'PATCH', 'DELETE', 'post'])('mark %s with X-Plat-Console: 1, keeping other headers', async (method) => {
    answer('{}', 200);
    await consoleFetch('/api/thing', { method, headers: { 'Content-Type': 'application/json' } });

    const [, init] = vi.mocked(fetch).mock.calls[0]!;
    const headers = new Headers(init?.headers);
    expect(headers.get('X-Plat-Console')).toBe('1');
    expect(headers.get('Content-Type')).toBe('application/json');
  });

  it('leave safe requests as they are', async () => {
    answer('{}', 200);
    await consoleFetch('/api/thing');
    await consoleFetch('/api/thing', { method: 'HEAD' });

    for (const [, init] of vi.mocked(fetch).mock.calls) expect(new Headers(init?.headers).has('X-Plat-Console')).toBe(false);
  });

  it('send JSON bodies and query strings to /api, with the session cookie', async () => {
    answer('{}', 200);
    await api.staff[':id'].$patch({ param: { id: 's-1' }, json: { disabled: true } });
    await api.audit.$get({ query: { actor: 'b c' } });

    const [[patchUrl, patch], [getUrl, get]] = vi.mocked(fetch).mock.calls as [[string, RequestInit], [string, RequestInit]];
    expect(patchUrl).toBe('/api/staff/s-1');
    expect(patch.body).toBe('{"disabled":true}');
    expect(new Headers(patch.headers).get('X-Plat-Console')).toBe('1');
    expect(patch.credentials).toBe('same-origin');
    expect(getUrl).toBe('/api/audit?actor=b+c');
    expect(get.credentials).toBe('same-origin');
  });

  it('read the Retry-After seconds of a refusal', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ error: { code: 'too_many_attempts', message: 'Slow down', requestId: 'r' } }), { status: 429, headers: { 'Retry-After': '17' } })),
    );

    const error = await failureOf(readJson(api.session.$post({ json: { email: 'a@b.c', password: 'x' } })));
    expect(error).toMatchObject({ status: 429, code: 'too_many_attempts', retryAfterSeconds: 17 });
  });
});

describe('readNoContent', () => {
  it('settles on a 204 and refuses with the error envelope otherwise', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(null, { status: 204 })));
    await expect(readNoContent(api.session.$delete())).resolves.toBeUndefined();

    answer(JSON.stringify({ error: { code: 'signed_out', message: 'Sign in to continue.', requestId: 'r' } }), 401);
    expect(await failureOf(readNoContent(api.session.$delete()))).toMatchObject({ status: 401, code: 'signed_out' });
  });
});

describe('readProgressEvents', () => {
  it('yields the lines of a streamed answer', async () => {
    const lines = [{ type: 'start', total: 1 }, { type: 'result', id: 'p1', result: 'indexed', state: 'completed' }, { type: 'done', counts: { indexed: 1 } }];
    answer(lines.map((line) => `${JSON.stringify(line)}\n`).join(''), 200, 'application/x-ndjson');

    const read: unknown[] = [];
    for await (const line of await readProgressEvents(api.payments.import.$post({ json: { ids: ['p1'] } }))) read.push(line);
    expect(read).toEqual(lines);
  });

  it('refuses an answer that is not a success before reading any line', async () => {
    answer(JSON.stringify({ error: { code: 'invalid_input', message: 'ids: no ids given', requestId: 'r' } }), 400);

    const error = await failureOf(readProgressEvents(api.payments.import.$post({ json: { ids: [] } })));
    expect(error).toMatchObject({ status: 400, code: 'invalid_input', message: 'ids: no ids given' });
  });
});
