import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium } from './browser.ts';
import { startConsole, type RunningConsole } from './console-process.ts';
import { trackRequests } from './settled.ts';

export const E2E_SANDBOX_PASSWORD = 'e2e sandbox password';

/** A page that records console errors and warnings, except the signed-out session check's expected 401. */
export async function openPage(browser: Browser): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage();
  trackRequests(page);
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    const expectedSignedOut = message.location().url.endsWith('/api/session') && message.text().includes('401');
    if (!expectedSignedOut) problems.push(`${message.type()}: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return { page, problems };
}

export async function signIn(page: Page, email: string, password = E2E_SANDBOX_PASSWORD): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** A page of this size on `path`, signed in as `email`, once its first heading shows. */
export async function openSignedIn(
  sandbox: { browser: () => Browser; url: () => string },
  email: string,
  path: string,
  viewport = { width: 1440, height: 900 },
): Promise<{ page: Page; problems: string[] }> {
  const opened = await openPage(sandbox.browser());
  await opened.page.setViewportSize(viewport);
  await opened.page.goto(`${sandbox.url()}${path}`);
  await signIn(opened.page, email);
  await opened.page.getByRole('heading', { level: 1 }).first().waitFor();
  return opened;
}

/** A browser and a console started as `npm start` does, for one test file; both stopped after it. */
export function useSandboxConsole({ firstStart = false } = {}): { browser: () => Browser; url: () => string; output: () => string } {
  let consoleProcess: RunningConsole | undefined;
  let browser: Browser | undefined;
  // Chromium and the console start (and stop) side by side: neither needs the other until a test runs.
  beforeAll(async () => {
    const [launched, started] = await Promise.allSettled([launchChromium(), startConsole({ PLAT_SANDBOX_PASSWORD: E2E_SANDBOX_PASSWORD }, { firstStart })]);
    if (launched.status === 'fulfilled') browser = launched.value;
    if (started.status === 'fulfilled') consoleProcess = started.value;
    if (launched.status === 'rejected') throw launched.reason;
    if (started.status === 'rejected') throw started.reason;
  });
  afterAll(async () => {
    await Promise.all([browser?.close(), consoleProcess?.stop()]);
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the console or the browser did not start');
    return value;
  };
  return { browser: () => started(browser), url: () => started(consoleProcess).url, output: () => started(consoleProcess).output() };
}
