import { vi } from 'vitest';
import type { Meta } from '../../../dashboard/src/features/system/api/get-meta.ts';
import type { Readiness } from '../../../dashboard/src/features/system/api/get-readiness.ts';

export interface ReadyAnswer {
  status: 200 | 503;
  body: Readiness;
}

export const upstreamOk: ReadyAnswer = {
  status: 200,
  body: { ready: true, upstream: { ok: true, reachable: true, keyAccepted: true, latencyMs: 12 } },
};

export const upstreamUnreachable: ReadyAnswer = {
  status: 503,
  body: {
    ready: false,
    upstream: {
      ok: false,
      reachable: false,
      keyAccepted: null,
      latencyMs: 10_003,
      error: { code: 'network_error', message: 'connect ECONNREFUSED 127.0.0.1:8788' },
    },
  },
};

export const upstreamKeyRejected: ReadyAnswer = {
  status: 503,
  body: {
    ready: false,
    upstream: {
      ok: false,
      reachable: true,
      keyAccepted: false,
      latencyMs: 4,
      error: { code: 'unauthorized', message: 'The server key was not accepted' },
    },
  },
};

export interface FakeApiOptions {
  mode?: Meta['mode'];
  ready?: ReadyAnswer;
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * Replaces `fetch`, the SPA's only way out, with the BFF's answers for /api/meta and /api/ready.
 * `setReady` changes what later readiness checks get.
 */
export function stubApi({ mode = 'sandbox', ready = upstreamOk }: FakeApiOptions = {}) {
  let readyAnswer = ready;
  const fetchStub = vi.fn(async (input: RequestInfo | URL): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const { pathname } = new URL(url, 'http://console.test');
    if (pathname === '/api/meta') return json({ mode });
    if (pathname === '/api/ready') return json(readyAnswer.body, readyAnswer.status);
    return json({ error: { code: 'not_found', message: `No such endpoint: GET ${pathname}`, requestId: 'req-1' } }, 404);
  });
  vi.stubGlobal('fetch', fetchStub);
  return {
    fetchStub,
    setReady(answer: ReadyAnswer) {
      readyAnswer = answer;
    },
  };
}
