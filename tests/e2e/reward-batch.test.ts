import { text } from 'node:stream/consumers';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './support/axe.ts';
import { ConsoleApi } from './support/console-api.ts';
import { E2E_SANDBOX_PASSWORD, openPage, signIn, useSandboxConsole } from './support/console-page.ts';

const sandbox = useSandboxConsole();

const SECOND_MANAGER = 'second-manager@sandbox.local';
const SECOND_MANAGER_PASSWORD = 'second manager e2e password';

/**
 * Demo users who can be paid, read from the Payments page as staff would: the app has paid them
 * before (so they share their wallet address), and that payment is settled (so none blocks a new one).
 */
async function payableUids(page: Page, count: number): Promise<string[]> {
  await page.goto(`${sandbox.url()}/payments?direction=app_to_user&state=completed,cancelled`);
  const userLinks = page.getByRole('table', { name: 'Payments' }).locator('a[href^="/users/"]');
  await expect.poll(() => userLinks.count()).toBeGreaterThan(0);
  const uids = new Set((await userLinks.evaluateAll((links) => links.map((link) => link.getAttribute('title') ?? ''))).map((uid) => uid.trim()).filter(Boolean));
  expect(uids.size).toBeGreaterThanOrEqual(count);
  return [...uids].slice(0, count);
}

function csvRows(text: string): Array<Record<string, string>> {
  const [header = '', ...lines] = text.trim().split(/\r?\n/);
  const names = header.split(',');
  // The cells of this file hold no commas or quotes (uids, amounts, ids, a plain memo).
  return lines.map((line) => Object.fromEntries(line.split(',').map((cell, index) => [names[index] ?? String(index), cell])));
}

describe('a reward batch above the approval threshold, end to end', () => {
  it('an admin sets the threshold, manager A uploads and starts a batch, manager B approves it, it is paid and its results download', async () => {
    const api = new ConsoleApi(sandbox.url());
    await api.signIn('admin@sandbox.local', E2E_SANDBOX_PASSWORD);
    await api.createStaff(SECOND_MANAGER, 'manager', SECOND_MANAGER_PASSWORD);

    // The admin sets a low approval threshold on the Settings page.
    const admin = await openPage(sandbox.browser());
    await admin.page.goto(`${sandbox.url()}/settings`);
    await signIn(admin.page, 'admin@sandbox.local');
    await expect.poll(() => admin.page.getByRole('button', { name: 'Save the limits' }).isVisible()).toBe(true);
    await admin.page.getByRole('textbox', { name: /^Approval threshold/ }).fill('1');
    await admin.page.getByRole('button', { name: 'Save the limits' }).click();
    await expect.poll(() => admin.page.getByText('Saved.').isVisible()).toBe(true);
    await admin.page.close();

    // Manager A uploads three rows, reads the preview and starts the batch: 3.75 in all is above the threshold.
    const managerA = await openPage(sandbox.browser());
    const pageA = managerA.page;
    await pageA.goto(`${sandbox.url()}/payments`);
    await signIn(pageA, 'manager@sandbox.local');
    await expect.poll(() => pageA.getByRole('table', { name: 'Payments' }).isVisible()).toBe(true);
    const uids = await payableUids(pageA, 3);
    const csv = `uid,amount,memo\n${uids.map((uid) => `${uid},1.25,E2E batch`).join('\n')}\n`;
    await pageA.goto(`${sandbox.url()}/rewards/batches/new`);
    await pageA.getByLabel(/^CSV file/).setInputFiles({ name: 'e2e-winners.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await pageA.getByRole('button', { name: 'Upload and preview' }).click();
    await pageA.waitForURL(/\/rewards\/batches\/[0-9a-f-]{36}$/);
    const batchUrl = pageA.url();
    const fact = (term: string) => pageA.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');
    expect(await fact('Rows').innerText()).toBe('3 (3 valid, 0 with a problem in the file)');
    // The preview says who gets what.
    const rowsTable = pageA.getByRole('table', { name: 'Rows of the batch' });
    await expect.poll(() => rowsTable.getByText('Not started').count()).toBe(3);
    expect(await fact('Total').innerText()).toBe('3.75 Plat Testnet');
    await pageA.getByRole('button', { name: 'Start paying' }).click();
    const startDialog = pageA.getByRole('dialog', { name: 'Start paying this batch?' });
    expect(await startDialog.textContent()).toContain('The console pays 3 rows, 3.75 Plat Testnet in all, each once.');
    expect(await seriousAxeViolations(pageA)).toEqual([]);
    await startDialog.getByRole('button', { name: 'Start paying' }).click();
    await expect.poll(() => fact('State').innerText()).toBe('Awaiting approval');
    await expect.poll(() => startDialog.count()).toBe(0);
    expect(await pageA.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    expect(await pageA.getByRole('button', { name: 'Withdraw' }).isVisible()).toBe(true);
    await pageA.getByRole('button', { name: 'Withdraw' }).hover(); // a danger button stays readable under the pointer too
    expect(await seriousAxeViolations(pageA)).toEqual([]);

    // Manager B sees it counted on Rewards, finds it in what waits for them, and approves it on its page, not from the list.
    const managerB = await openPage(sandbox.browser());
    const pageB = managerB.page;
    await pageB.goto(`${sandbox.url()}/rewards`);
    await signIn(pageB, SECOND_MANAGER, SECOND_MANAGER_PASSWORD);
    const badge = pageB.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Rewards\s*,\s*1 waiting for your approval$/ });
    await expect.poll(() => badge.isVisible()).toBe(true);
    const forMe = pageB.getByRole('table', { name: 'For you to approve' });
    const link = forMe.getByRole('link', { name: 'Batch e2e-winners.csv (3 rows)' });
    await expect.poll(() => link.isVisible()).toBe(true);
    expect(new URL(batchUrl).pathname).toBe(await link.getAttribute('href'));
    expect(await forMe.getByRole('button').count()).toBe(0);
    expect(await seriousAxeViolations(pageB)).toEqual([]);
    await forMe.getByRole('link', { name: 'Review batch e2e-winners.csv' }).click();
    await pageB.waitForURL(batchUrl);
    const factB = (term: string) => pageB.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');
    await expect.poll(() => factB('Requested by').innerText()).toBe('manager@sandbox.local');
    expect(await pageB.getByRole('button', { name: 'Reject' }).isVisible()).toBe(true);
    await pageB.getByRole('button', { name: 'Approve' }).click();
    const dialog = pageB.getByRole('dialog', { name: 'Approve this batch?' });
    expect(await dialog.textContent()).toContain('as manager@sandbox.local asked');
    await dialog.getByRole('button', { name: 'Approve batch' }).click();
    await expect.poll(() => badge.count()).toBe(0);
    await pageB.goto(`${sandbox.url()}/rewards`);
    await expect.poll(() => pageB.getByText('Nothing waits for your approval.').isVisible()).toBe(true);

    // Manager A's page follows the progress to the end.
    const bar = pageA.getByRole('progressbar', { name: 'Rows settled' });
    await expect.poll(() => bar.getAttribute('aria-valuetext'), { timeout: 20_000 }).toBe('3 of 3');
    await expect.poll(() => fact('State').innerText()).toBe('Finished');

    // The results: one row per user, each with its payment.
    const [download] = await Promise.all([pageA.waitForEvent('download'), pageA.getByRole('link', { name: 'Download every row (CSV)' }).click()]);
    // Read as a stream: the run's Chromium is shared (support/browser.ts), and a download has no local path over a connection.
    const rows = csvRows(await text(await download.createReadStream()));
    expect(await pageA.getByText(/ paid · /).innerText()).toMatch(/^3 paid · 0 failed · 0 cancelled · 0 to go/);
    await expect.poll(() => rowsTable.getByText('Completed').count()).toBe(3);
    expect(await pageA.getByRole('link', { name: 'Paid 3' }).isVisible()).toBe(true);
    expect(await seriousAxeViolations(pageA)).toEqual([]);
    expect(rows.map((row) => row.uid).sort()).toEqual([...uids].sort());
    for (const row of rows) {
      expect(row.state).toBe('completed');
      expect(row.payment_id).toMatch(/^\S{8,}$/);
    }

    expect([...managerA.problems, ...managerB.problems]).toEqual([]);
    await pageA.close();
    await pageB.close();
  });
});
