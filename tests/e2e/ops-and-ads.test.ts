import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../emulator/src/emulator.ts';
import { control, createUser } from '../support/emulator-control.ts';
import { launchChromium } from './support/browser.ts';
import { ConsoleApi } from './support/console-api.ts';
import { openPage, signIn } from './support/console-page.ts';
import { startConsole, type RunningConsole } from './support/console-process.ts';

const PASSWORD = 'e2e staff password';

let emulator: RunningEmulator | undefined;
let consoleProcess: RunningConsole | undefined;
let browser: Browser | undefined;
const payments: { withTransaction: string; withoutTransaction: string } = { withTransaction: '', withoutTransaction: '' };
const adIds: string[] = [];

async function newA2U(upstream: RunningEmulator): Promise<string> {
  const user = await createUser(upstream);
  const response = await fetch(`${upstream.url}/payments`, {
    method: 'POST',
    headers: { authorization: `Key ${upstream.key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ payment: { amount: 2.5, memo: 'weekly reward', metadata: {}, uid: user.uid } }),
  });
  return ((await response.json()) as { identifier: string }).identifier;
}

// The console in live mode against an emulator this test owns, so it can set up exactly the payments and ads it needs.
beforeAll(async () => {
  emulator = await startEmulator();
  payments.withTransaction = await newA2U(emulator);
  payments.withoutTransaction = await newA2U(emulator);
  await control(emulator, 'POST', `/payments/${payments.withTransaction}/transaction`, {});
  for (let i = 0; i < 3; i++) adIds.push((await control<{ adId: string }>(emulator, 'POST', '/ads')).adId);
  await control(emulator, 'POST', `/ads/${adIds[1]}/grant`);
  await control(emulator, 'POST', `/ads/${adIds[2]}/fail`);

  browser = await launchChromium();
  consoleProcess = await startConsole({ PLAT_API_URL: emulator.url, PLAT_API_KEY: emulator.key, PLAT_ADMIN_EMAIL: 'admin@example.com', PLAT_ADMIN_PASSWORD: PASSWORD });
  const api = new ConsoleApi(consoleProcess.url);
  await api.signIn('admin@example.com', PASSWORD);
  await api.createStaff('ops@example.com', 'ops', PASSWORD);
  await api.createStaff('support@example.com', 'support', PASSWORD);
});

afterAll(async () => {
  await browser?.close();
  await consoleProcess?.stop();
  await emulator?.close();
});

function started(): { browser: Browser; url: string } {
  if (!browser || !consoleProcess) throw new Error('not started');
  return { browser, url: consoleProcess.url };
}

describe('ops and ads, end to end', () => {
  it('ops dry-runs and clears two incomplete payments: one completed, one cancelled', async () => {
    const { browser, url } = started();
    const { page, problems } = await openPage(browser);
    await page.goto(`${url}/incomplete`);
    await signIn(page, 'ops@example.com', PASSWORD);
    const table = page.getByRole('table', { name: 'Incomplete payments' });
    await expect.poll(() => table.getByRole('checkbox', { name: `Select payment ${payments.withTransaction}` }).isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Clear all' }).click();
    const dialog = page.getByRole('dialog', { name: 'Clear incomplete payments?' });
    const plan = dialog.getByRole('list', { name: 'What would happen' });
    await expect.poll(() => plan.getByRole('listitem').count()).toBe(2);
    expect(await plan.getByRole('listitem').filter({ hasText: payments.withTransaction }).textContent()).toMatch(/Complete/);
    expect(await plan.getByRole('listitem').filter({ hasText: payments.withoutTransaction }).textContent()).toMatch(/Cancel/);
    await dialog.getByRole('button', { name: 'Clear payments' }).click();

    await expect.poll(() => page.getByRole('status').filter({ hasText: /^Done:/ }).textContent(), { timeout: 15_000 }).toBe('Done: 2 of 2 cleared.');
    const results = page.getByRole('table', { name: 'Clearing results' });
    expect(await results.getByRole('row').filter({ hasText: payments.withTransaction }).textContent()).toContain('Completed');
    expect(await results.getByRole('row').filter({ hasText: payments.withoutTransaction }).textContent()).toContain('Cancelled');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('support checks three ad ids at once and sees one "Reward: yes"', async () => {
    const { browser, url } = started();
    const { page, problems } = await openPage(browser);
    await page.goto(`${url}/ads`);
    await signIn(page, 'support@example.com', PASSWORD);
    await page.getByRole('textbox', { name: 'Ad ids' }).fill(adIds.join('\n'));
    await page.getByRole('button', { name: 'Check ads' }).click();
    await expect.poll(() => page.getByText('Done: 3 ads checked; reward: yes for 1.').isVisible(), { timeout: 15_000 }).toBe(true);
    const results = page.getByRole('table', { name: 'Ad check results' });
    expect(await results.getByText('Reward: yes').count()).toBe(1);
    expect(await results.getByRole('row').filter({ hasText: adIds[1] }).textContent()).toContain('Reward: yes');
    expect(problems).toEqual([]);
    await page.close();
  });
});
