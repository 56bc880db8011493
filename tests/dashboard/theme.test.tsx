import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from './support/fake-api.ts';
import { renderApp } from './support/render-app.tsx';
import { resetDom } from './support/reset-dom.ts';

afterEach(resetDom);

const STORAGE_KEY = 'plat-console.theme';

function systemPrefers(scheme: 'light' | 'dark') {
  vi.stubGlobal('matchMedia', (query: string) => {
    const list = new EventTarget() as MediaQueryList;
    return Object.assign(list, { media: query, matches: query === '(prefers-color-scheme: dark)' && scheme === 'dark' });
  });
}

const isDark = () => document.documentElement.classList.contains('dark');

describe('Theme', () => {
  it('follows the system preference when nothing is stored', async () => {
    stubApi();
    systemPrefers('dark');
    renderApp('/');
    await screen.findByRole('heading', { name: 'Overview' });

    expect(isDark()).toBe(true);
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('flips the dark class with the toggle and remembers the choice', async () => {
    stubApi();
    systemPrefers('light');
    const user = userEvent.setup();
    renderApp('/');
    await screen.findByRole('heading', { name: 'Overview' });
    expect(isDark()).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
    expect(isDark()).toBe(true);
    expect(localStorage.getItem(STORAGE_KEY)).toBe('dark');

    await user.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(isDark()).toBe(false);
    expect(localStorage.getItem(STORAGE_KEY)).toBe('light');
  });

  it('prefers the stored choice over the system on the next visit', async () => {
    stubApi();
    systemPrefers('light');
    localStorage.setItem(STORAGE_KEY, 'dark');
    renderApp('/');
    await screen.findByRole('heading', { name: 'Overview' });

    expect(isDark()).toBe(true);
    screen.getByRole('button', { name: 'Switch to light theme' });
  });
});
