import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { stubApi } from './support/fake-api.ts';
import { renderApp } from './support/render-app.tsx';
import { resetDom } from './support/reset-dom.ts';

afterEach(resetDom);

const labels = ['Overview', 'Payments', 'Rewards', 'Wallet', 'Reconciliation', 'Incomplete payments', 'Rewarded ads', 'Audit log', 'API reference', 'Staff', 'API keys', 'Webhooks', 'Settings'];

function mainNav() {
  return within(screen.getByRole('navigation', { name: 'Main' }));
}

function currentLinks() {
  return mainNav()
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.textContent);
}

describe('Main navigation', () => {
  it('links every capability, in order', async () => {
    stubApi();
    renderApp('/');
    await screen.findByRole('heading', { name: 'Overview' });

    const links = mainNav().getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(labels);
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/', '/payments', '/rewards', '/wallet', '/reconciliation', '/incomplete', '/ads', '/audit', '/reference', '/staff', '/api-keys', '/webhooks', '/settings']);
  });

  it('marks only the active link, not the home link as well', async () => {
    stubApi();
    renderApp('/payments');
    await screen.findByRole('heading', { name: 'Payments' });
    expect(currentLinks()).toEqual(['Payments']);
  });

  it('moves the mark and the page when a link is followed by keyboard', async () => {
    stubApi();
    const user = userEvent.setup();
    renderApp('/');
    await screen.findByRole('heading', { name: 'Overview' });
    expect(currentLinks()).toEqual(['Overview']);

    mainNav().getByRole('link', { name: 'Audit log' }).focus();
    await user.keyboard('{Enter}');

    await screen.findByRole('heading', { name: 'Audit log' });
    expect(currentLinks()).toEqual(['Audit log']);
  });

  it('offers a skip link to the main content as the first stop', async () => {
    stubApi();
    const user = userEvent.setup();
    renderApp('/');
    await screen.findByRole('heading', { name: 'Overview' });

    await user.tab();
    const skipLink = screen.getByRole('link', { name: 'Skip to content' });
    expect(document.activeElement).toBe(skipLink);
    const target = skipLink.getAttribute('href')?.slice(1) ?? '';
    expect(document.getElementById(target)).toBe(screen.getByRole('main'));
  });
});
