import { describe, expect, it } from 'vitest';
import { openPage, signIn, useSandboxConsole } from './support/console-page.ts';

const sandbox = useSandboxConsole({ firstStart: true });

describe('npm start in sandbox mode', () => {
  it('serves the console with the Sandbox banner, the upstream status and no console errors', async () => {
    const { page, problems } = await openPage(sandbox.browser());
    await page.goto(sandbox.url());
    await expect.poll(() => page.getByText('Sandbox', { exact: false }).first().isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Upstream' }).first().textContent(), { timeout: 10_000 }).toMatch(/Upstream: ok/);

    await signIn(page, 'admin@sandbox.local');
    await expect.poll(() => page.getByRole('navigation').getByRole('link', { name: 'Staff' }).isVisible()).toBe(true);

    // A deep link is answered by the SPA (history fallback), not by a 404.
    const deep = await page.goto(`${sandbox.url()}/payments`);
    expect(deep?.status()).toBe(200);
    await expect.poll(() => page.getByRole('heading', { name: 'Payments', level: 1 }).isVisible()).toBe(true);

    expect(problems).toEqual([]);
    await page.close();
  });

  it('prints the URL it serves on and the sandbox staff', () => {
    const output = sandbox.output();
    expect(output).toMatch(/ready at http:\/\/127\.0\.0\.1:\d+/);
    expect(output).toContain('support@sandbox.local, manager@sandbox.local, ops@sandbox.local, admin@sandbox.local');
  });
});
