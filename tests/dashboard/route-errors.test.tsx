import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppLayout } from '../../dashboard/src/app/layout/app-layout.tsx';
import { RouteErrorBoundary } from '../../dashboard/src/app/route-error-boundary.tsx';
import { ApiRequestError } from '../../dashboard/src/lib/api-client.ts';
import { stubApi } from './support/fake-api.ts';
import { renderApp } from './support/render-app.tsx';
import { resetDom } from './support/reset-dom.ts';

afterEach(resetDom);

vi.mock('../../dashboard/src/features/payments/routes/payments-page.tsx', () => ({
  PaymentsPage: () => {
    throw new Error('payments page exploded');
  },
}));

/** The real layout with one page that fails until `healed` is set. */
function routesWithFlakyPage(state: { healed: boolean }): RouteObject[] {
  function FlakyPage() {
    if (!state.healed) throw new ApiRequestError(500, 'internal_error', 'Something broke on the server.', 'req-7');
    return <h1>Flaky page</h1>;
  }
  return [
    {
      path: '/',
      Component: AppLayout,
      children: [{ path: 'flaky', Component: FlakyPage, ErrorBoundary: RouteErrorBoundary }],
    },
  ];
}

describe('Route errors', () => {
  it('shows a 404 page inside the layout for an unknown address', async () => {
    stubApi();
    renderApp('/no/such/page');

    await screen.findByRole('heading', { name: 'Page not found' });
    screen.getByRole('navigation', { name: 'Main' });
    expect(screen.getByRole('link', { name: 'Go to the overview' }).getAttribute('href')).toBe('/');
  });

  it('gives every page its own boundary, so a failing page leaves the layout working', async () => {
    stubApi();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    renderApp('/payments');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Something went wrong while showing this page.');
    expect(alert.textContent).toContain('payments page exploded');

    await user.click(screen.getByRole('link', { name: 'Rewards' }));
    await screen.findByRole('heading', { name: 'Rewards' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps the layout, explains the error and recovers on retry', async () => {
    stubApi();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const state = { healed: false };
    const user = userEvent.setup();
    renderApp('/flaky', routesWithFlakyPage(state));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This page could not be shown');
    expect(alert.textContent).toContain('Something broke on the server.');
    expect(alert.textContent).toContain('req-7');
    screen.getByRole('navigation', { name: 'Main' });

    state.healed = true;
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    await screen.findByRole('heading', { name: 'Flaky page' });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
