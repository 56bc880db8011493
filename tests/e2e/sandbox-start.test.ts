import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser.ts';
import { E2E_SANDBOX_PASSWORD, openPage, signIn } from './support/console-page.ts';
import { startConsole, type RunningConsole } from './support/console-process.ts';

let consoleProcess: RunningConsole | undefined;
let browser: Browser | undefined;

beforeAll(async () => {
  browser = await launchChromium();
  consoleProcess = await startConsole({ PLAT_SANDBOX_PASSWORD: E2E_SANDBOX_PASSWORD });
});

afterAll(async () => {
  await browser?.close();
  await consoleProcess?.stop();
});

describe('npm start in sandbox mode', () => {
  it('serves the console with the Sandbox banner, the upstream status and no console errors', async () => {
    if (!browser || !consoleProcess) throw new Error('not started');
    const { page, problems } = await openPage(browser);
    await page.goto(consoleProcess.url);
    await expect.poll(() => page.getByText('Sandbox', { exact: false }).first().isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Upstream' }).first().textContent(), { timeout: 10_000 }).toMatch(/Upstream: ok/);

    await signIn(page, 'admin@sandbox.local');
    await expect.poll(() => page.getByRole('navigation').getByRole('link', { name: 'Staff' }).isVisible()).toBe(true);

    // A deep link is answered by the SPA (history fallback), not by a 404.
    const deep = await page.goto(`${consoleProcess.url}/payments`);
    expect(deep?.status()).toBe(200);
    await expect.poll(() => page.getByRole('heading', { name: 'Payments', level: 1 }).isVisible()).toBe(true);

    expect(problems).toEqual([]);
    await page.close();
  });

  it('prints the URL it serves on and the sandbox staff', () => {
    const output = consoleProcess?.output() ?? '';
    expect(output).toMatch(/ready at http:\/\/127\.0\.0\.1:\d+/);
    expect(output).toContain('support@sandbox.local, manager@sandbox.local, ops@sandbox.local, admin@sandbox.local');
  });
});
