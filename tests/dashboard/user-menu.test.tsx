import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { apiError, stubApi } from './support/fake-api.ts';
import { renderApp } from './support/render-app.tsx';
import { resetDom } from './support/reset-dom.ts';

afterEach(resetDom);

async function openMenuByKeyboard() {
  const user = userEvent.setup();
  const button = await screen.findByRole('button', { name: /Admin Demo/ });
  button.focus();
  await user.keyboard('{Enter}');
  return { user, button };
}

describe('User menu', () => {
  it('opens on Enter with focus on the first item, moves with arrows, and closes on Escape back to its button', async () => {
    stubApi();
    renderApp('/');
    const { user, button } = await openMenuByKeyboard();

    const menu = screen.getByRole('menu');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(menu.textContent).toContain('Change password');
    expect(document.activeElement).toBe(within(menu).getByRole('menuitem', { name: 'Change password' }));

    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(within(menu).getByRole('menuitem', { name: 'Your account' }));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(within(menu).getByRole('menuitem', { name: 'Sign out' }));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(within(menu).getByRole('menuitem', { name: 'Change password' }));

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('shows who is signed in: email and role', async () => {
    stubApi();
    renderApp('/');
    await openMenuByKeyboard();

    screen.getByText('admin@sandbox.local · Admin');
  });
});

describe('Change password', () => {
  it('is a dialog that keeps focus inside, closes on Escape and gives focus back to the menu button', async () => {
    stubApi();
    renderApp('/');
    const { user, button } = await openMenuByKeyboard();
    await user.keyboard('{Enter}');

    const dialog = screen.getByRole('dialog', { name: 'Change your password' });
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Current password'));
    for (let step = 0; step < 6; step += 1) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await user.tab({ shift: true });
    expect(dialog.contains(document.activeElement)).toBe(true);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('checks the length of the new password before asking the server', async () => {
    const api = stubApi();
    renderApp('/');
    const { user } = await openMenuByKeyboard();
    await user.keyboard('{Enter}');

    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Current password'), 'the old password');
    await user.type(within(dialog).getByLabelText('New password'), 'too short');
    await user.type(within(dialog).getByLabelText('Repeat the new password'), 'too short');
    await user.click(within(dialog).getByRole('button', { name: 'Change password' }));

    within(dialog).getByText('Use at least 12 characters.');
    expect(api.requests.some((request) => request.url.pathname === '/api/session/password')).toBe(false);
  });

  it('says when the current password is wrong, and confirms a change', async () => {
    let attempts = 0;
    const api = stubApi({
      routes: {
        'POST /api/session/password': () => {
          attempts += 1;
          return attempts === 1 ? apiError(422, 'wrong_password', 'The current password is wrong.') : new Response(null, { status: 204 });
        },
      },
    });
    renderApp('/');
    const { user } = await openMenuByKeyboard();
    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog');

    await user.type(within(dialog).getByLabelText('Current password'), 'not the old one');
    await user.type(within(dialog).getByLabelText('New password'), 'a much longer passphrase');
    await user.type(within(dialog).getByLabelText('Repeat the new password'), 'a much longer passphrase');
    await user.click(within(dialog).getByRole('button', { name: 'Change password' }));
    await within(dialog).findByText('This is not your current password.');

    await user.click(within(dialog).getByRole('button', { name: 'Change password' }));
    await screen.findByRole('dialog', { name: 'Password changed' });
    const change = api.requests.findLast((request) => request.url.pathname === '/api/session/password');
    expect(change?.body).toEqual({ currentPassword: 'not the old one', newPassword: 'a much longer passphrase' });
  });
});
