import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { stubApi } from './support/fake-api.ts';
import { renderApp } from './support/render-app.tsx';
import { resetDom } from './support/reset-dom.ts';

afterEach(resetDom);

describe('Sandbox banner', () => {
  it('says the data is from the bundled emulator in sandbox mode', async () => {
    stubApi({ mode: 'sandbox' });
    renderApp('/');

    const banner = await screen.findByRole('region', { name: 'Sandbox mode' });
    expect(banner.textContent).toContain('Sandbox');
    expect(banner.textContent).toContain('bundled Platform API emulator');
    expect(banner.textContent).toContain('No real money moves');
  });

  it('is absent in live mode', async () => {
    const { fetchStub } = stubApi({ mode: 'live' });
    const { queryClient } = renderApp('/');

    await screen.findByRole('heading', { name: 'Overview' });
    await waitFor(() => {
      expect(fetchStub).toHaveBeenCalledWith('/api/meta', expect.anything());
      expect(queryClient.isFetching()).toBe(0);
    });
    expect(queryClient.getQueryData(['system', 'meta'])).toEqual({ mode: 'live' });
    expect(screen.queryByRole('region', { name: 'Sandbox mode' })).toBeNull();
    expect(screen.queryByText(/no real money moves/i)).toBeNull();
  });
});
