import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Role } from '../../bff/src/domain/roles.ts';
import { stubApi } from './support/fake-api.ts';
import { renderApp } from './support/render-app.tsx';
import { resetDom } from './support/reset-dom.ts';

afterEach(resetDom);

const everyoneSees = ['Overview', 'Payments', 'Rewards', 'Wallet', 'Reconciliation', 'Incomplete payments', 'Rewarded ads', 'Audit log', 'API reference'];

const navFor: [Role, string[]][] = [
  ['support', everyoneSees],
  ['manager', everyoneSees],
  ['ops', everyoneSees],
  ['admin', [...everyoneSees, 'Staff', 'API keys', 'Webhooks', 'Settings']],
];

async function mainNavLabels() {
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);
}

describe('Navigation per role', () => {
  it.each(navFor)('shows %s only what the role may use', async (role, labels) => {
    stubApi({ signedInAs: role });
    renderApp('/');
    await screen.findByRole('heading', { name: 'Overview' });

    expect(await mainNavLabels()).toEqual(labels);
  });

  it('answers a page the role may not use with "Not allowed", without asking the server for its data', async () => {
    const api = stubApi({ signedInAs: 'support' });
    renderApp('/staff');

    const heading = await screen.findByRole('heading', { level: 1, name: 'Not allowed' });
    expect(heading.parentElement?.textContent).toContain('ask an admin');
    expect(api.requests.some((request) => request.url.pathname === '/api/staff')).toBe(false);
  });

  it('shows the user menu with name and role', async () => {
    stubApi({ signedInAs: 'ops' });
    renderApp('/');

    const button = await screen.findByRole('button', { name: /Ops Demo/ });
    expect(button.textContent).toContain('Ops');
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
  });
});
