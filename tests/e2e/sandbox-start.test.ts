import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser.ts';
import { startConsole, type RunningConsole } from './support/console-process.ts';

let consoleProcess: RunningConsole;
let browser: Browser | undefined;

beforeAll(async () => {
  browser = await launchChromium();
  consoleProcess = await startConsole();
});

afterAll(async () => {
  await browser?.close();
  await consoleProcess?.stop();
});

describe('npm start in sandbox mode', () => {
  it('serves the console with the Sandbox banner, the upstream status and no console errors', async () => {
    const page = await browser!.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));

    await page.goto(consoleProcess.url);
    await expect.poll(() => page.getByText('Sandbox', { exact: false }).first().isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Upstream' }).first().textContent(), { timeout: 10_000 }).toMatch(/Upstream: ok/);

    // A deep link is answered by the SPA (history fallback), not by a 404.
    const deep = await page.goto(`${consoleProcess.url}/payments`);
    expect(deep?.status()).toBe(200);
    await expect.poll(() => page.getByRole('heading', { name: 'Payments' }).isVisible()).toBe(true);

    expect(problems).toEqual([]);
    await page.close();
  });

  it('prints the URL it serves on', () => {
    expect(consoleProcess.output()).toMatch(/ready at http:\/\/127\.0\.0\.1:\d+/);
  });
});
