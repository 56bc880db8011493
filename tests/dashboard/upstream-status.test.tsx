import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { READINESS_REFRESH_MS } from '../../dashboard/src/features/system/api/get-readiness.ts';
import { stubApi, upstreamFailing, upstreamKeyRejected, upstreamOk, upstreamUnreachable, type ReadyAnswer } from './support/fake-api.ts';
import { renderApp } from './support/render-app.tsx';
import { resetDom } from './support/reset-dom.ts';

afterEach(resetDom);

describe('Upstream status in the top bar', () => {
  const cases: [string, ReadyAnswer, string][] = [
    ['ok, with the latency', upstreamOk, 'Upstream: ok (12 ms)'],
    ['unreachable', upstreamUnreachable, 'Upstream: unreachable'],
    ['key rejected', upstreamKeyRejected, 'Upstream: key rejected'],
  ];

  it.each(cases)('shows %s', async (_name, ready, text) => {
    stubApi({ ready });
    renderApp('/');

    const status = await screen.findByText(text);
    // The top bar comes before the page's own header.
    expect(status.closest('header')).toBe(screen.getAllByRole('banner')[0]);
  });

  it('says so when the upstream answers but fails', async () => {
    stubApi({ ready: upstreamFailing });
    renderApp('/');

    const status = await screen.findByText('Upstream: error');
    expect(status.closest('[role="status"]')?.getAttribute('title')).toContain('answered 500');
  });

  it('says the status is unknown when the console server does not answer, after retrying', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchStub = vi.fn<typeof fetch>(async () => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetchStub);
    // Signed-in pages wait for the session check, which fails too; the sign-in page shows the status.
    renderApp('/sign-in');

    await act(() => vi.advanceTimersByTimeAsync(5_000));

    await screen.findByText('Upstream: status unknown');
    const readinessCalls = fetchStub.mock.calls.filter(([url]) => url === '/api/ready');
    expect(readinessCalls.length).toBeGreaterThan(1);
  });

  it('polls without the session cookie, so an open tab does not keep an idle session alive', async () => {
    const api = stubApi();
    renderApp('/');
    await screen.findByText('Upstream: ok (12 ms)');

    const polls = api.requests.filter((request) => request.url.pathname === '/api/ready');
    expect(polls.length).toBeGreaterThan(0);
    for (const poll of polls) expect(poll.credentials).toBe('omit');
    expect(api.requests.find((request) => request.url.pathname === '/api/session')?.credentials).toBe('same-origin');
  });

  it('refreshes in the background', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = stubApi({ ready: upstreamOk });
    renderApp('/');
    await screen.findByText('Upstream: ok (12 ms)');

    api.setReady(upstreamUnreachable);
    await act(() => vi.advanceTimersByTimeAsync(READINESS_REFRESH_MS));

    await screen.findByText('Upstream: unreachable');
  });
});
