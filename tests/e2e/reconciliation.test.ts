import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../emulator/src/emulator.ts';
import { payFromAppWallet } from '../support/chain-transactions.ts';
import { createUser } from '../support/emulator-control.ts';
import { launchChromium } from './support/browser.ts';
import { ConsoleApi } from './support/console-api.ts';
import { openPage, signIn } from './support/console-page.ts';
import { startConsole, type RunningConsole } from './support/console-process.ts';
import { waitUntilSettled } from './support/settled.ts';

const PASSWORD = 'e2e reconciliation password';
const NOTE = 'Asked the user to send the second 1.25 back (ticket 4711)';

let emulator: RunningEmulator | undefined;
let consoleProcess: RunningConsole | undefined;
let browser: Browser | undefined;
let paymentId = '';

interface RewardAnswer {
  reward: { id: string; state: string; paymentId: string | null };
}

/** Pays a reward through the console and waits until it is completed; answers its payment id. */
async function payReward(api: ConsoleApi, uid: string): Promise<string> {
  const { reward } = await api.json<RewardAnswer>('POST', '/api/rewards', { uid, amount: '1.25', memo: 'Reconciliation e2e', metadata: {} }, { 'idempotency-key': randomUUID() });
  // Called from beforeAll, where expect.poll is not allowed: vi.waitFor asks again until it holds.
  return vi.waitFor(
    async () => {
      const { reward: now } = await api.json<RewardAnswer>('GET', `/api/rewards/${reward.id}`);
      if (now.state !== 'completed' || !now.paymentId) throw new Error(`the reward is not completed yet: ${JSON.stringify(now)}`);
      return now.paymentId;
    },
    { timeout: 60_000, interval: 250 },
  );
}

/** Neither the page nor the exceptions table scrolls sideways. */
async function sidewaysScroll(page: Page): Promise<{ page: number; table: number }> {
  return page.evaluate(() => {
    const container = document.querySelector('table[aria-label="Exceptions"]')?.parentElement;
    const root = document.documentElement;
    return { page: root.scrollWidth - root.clientWidth, table: container ? container.scrollWidth - container.clientWidth : -1 };
  });
}

// The console in live mode against an emulator this test owns, with its app wallet, so the test can pay from that wallet out of band.
beforeAll(async () => {
  emulator = await startEmulator();
  const [launched, started] = await Promise.all([
    launchChromium(),
    startConsole({
      PLAT_API_URL: emulator.url,
      PLAT_API_KEY: emulator.key,
      PLAT_HORIZON_URL: emulator.horizonUrl,
      PLAT_WALLET_SEED: emulator.appWallet.seed,
      PLAT_ADMIN_EMAIL: 'admin@example.com',
      PLAT_ADMIN_PASSWORD: PASSWORD,
    }),
  ]);
  browser = launched;
  consoleProcess = started;
  const api = new ConsoleApi(consoleProcess.url);
  await api.signIn('admin@example.com', PASSWORD);
  await api.createStaff('ops@example.com', 'ops', PASSWORD);

  // A double payment: the console pays a reward, then the same payment is paid again straight from the app wallet.
  const user = await createUser(emulator);
  paymentId = await payReward(api, user.uid);
  const again = await payFromAppWallet(emulator, { to: user.wallet_address, amount: '1.25', memo: paymentId });
  if (again.status !== 200) throw new Error(`the second payment was not accepted: ${again.status} ${JSON.stringify(again.body)}`);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await consoleProcess?.stop();
  await emulator?.close();
});

describe('reconciliation, end to end', () => {
  it('ops reconcile now, find the payment paid twice, and acknowledge it with a note', async () => {
    if (!browser || !consoleProcess) throw new Error('the console or the browser did not start');
    const { page, problems } = await openPage(browser);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${consoleProcess.url}/reconciliation`);
    await signIn(page, 'ops@example.com', PASSWORD);
    await page.getByRole('heading', { level: 1, name: 'Reconciliation' }).waitFor();

    await page.getByRole('button', { name: 'Reconcile now' }).click();
    const outcome = page.getByRole('status').filter({ hasText: /^Read \d+ transactions?, found \d+ exceptions?\.$/ });
    await outcome.waitFor({ timeout: 60_000 });

    const table = page.getByRole('table', { name: 'Exceptions' });
    const row = table.locator('tbody tr').filter({ hasText: 'Paid twice' }).filter({ has: page.locator(`a[href="/payments/${paymentId}"]`) });
    await row.waitFor({ timeout: 30_000 });
    expect(await row.textContent()).toContain('Open');
    expect(await row.textContent()).toContain('1.2500000');
    // The books tie: the second payment is on the chain and in the history read.
    expect(await page.getByRole('region', { name: 'Difference' }).textContent()).toContain('The books tie: difference 0.0000000');

    await waitUntilSettled(page);
    expect(await sidewaysScroll(page), '1280 × 800').toEqual({ page: 0, table: 0 });
    await page.setViewportSize({ width: 1440, height: 900 });
    expect(await sidewaysScroll(page), '1440 × 900').toEqual({ page: 0, table: 0 });

    await row.locator('td').first().click();
    const dialog = page.getByRole('dialog', { name: 'Paid twice' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(paymentId);
    await dialog.getByRole('button', { name: 'Acknowledge' }).click();
    await dialog.getByLabel('Note').fill(NOTE);
    await dialog.getByRole('button', { name: 'Acknowledge' }).click();
    await dialog.getByText(NOTE).waitFor({ timeout: 30_000 });
    expect(await dialog.textContent()).toContain('ops@example.com');
    expect(await dialog.getByRole('button', { name: 'Acknowledge' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Close' }).click();

    await expect.poll(() => row.textContent(), { timeout: 30_000 }).toContain('Acknowledged');
    expect(problems).toEqual([]);
    await page.close();
  }, 180_000);
});
