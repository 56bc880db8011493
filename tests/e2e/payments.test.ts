import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, signIn, useSandboxConsole } from './support/console-page.ts';

const sandbox = useSandboxConsole();
const PAYMENT_LINK = /\/payments\/[A-Za-z0-9]{28}$/;

/** The payment ids and user uids in the Payments table as it shows now. */
async function tableRows(page: Page): Promise<Array<{ id: string; uid: string }>> {
  const table = page.getByRole('table', { name: 'Payments' });
  await expect.poll(() => table.getByRole('link').count()).toBeGreaterThan(0);
  const rows: Array<{ id: string; uid: string }> = [];
  for (const row of await table.locator('tbody tr').all()) {
    const href = (await row.getByRole('link').first().getAttribute('href')) ?? '';
    const cells = await row.locator('td').allTextContents();
    if (PAYMENT_LINK.test(href)) rows.push({ id: href.split('/').at(-1) ?? '', uid: cells.join('|') });
  }
  return rows;
}

describe('payments, end to end', () => {
  it('support looks a payment up by id from the top bar, and a user’s payments by uid from the table', async () => {
    const { page, problems } = await openPage(sandbox.browser());
    await page.goto(`${sandbox.url()}/payments`);
    await signIn(page, 'support@sandbox.local');
    const [first] = await tableRows(page);
    if (!first) throw new Error('the sandbox index is empty');

    await page.keyboard.press('/');
    await page.getByRole('searchbox', { name: 'Search payments' }).fill(first.id);
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/payments/${first.id}$`));
    await expect.poll(() => page.getByRole('region', { name: 'Timeline' }).isVisible()).toBe(true);
    const uidField = await page.locator('dt', { hasText: 'User uid' }).locator('xpath=following-sibling::dd[1]').innerText();
    const uid = uidField.trim().split(/\s+/)[0] ?? '';
    expect(first.uid).toContain(uid);

    await page.goto(`${sandbox.url()}/payments`);
    await page.getByRole('button', { name: 'More filters' }).click();
    await page.getByRole('textbox', { name: 'User uid' }).fill(uid);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(new RegExp(`uid=${uid}`));
    await expect.poll(async () => (await tableRows(page)).every((row) => row.uid.includes(uid))).toBe(true);
    expect((await tableRows(page)).map((row) => row.id)).toContain(first.id);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('ops cancels a payment with a reason, sees it cancelled, and finds the action on its timeline and in the audit log', async () => {
    const { page, problems } = await openPage(sandbox.browser());
    await page.goto(`${sandbox.url()}/payments?state=awaiting_transaction`);
    await signIn(page, 'ops@sandbox.local');
    const [target] = await tableRows(page);
    if (!target) throw new Error('no payment awaiting a transaction in the sandbox');

    await page.goto(`${sandbox.url()}/payments/${target.id}`);
    await page.getByRole('region', { name: 'Actions' }).getByRole('button', { name: 'Cancel payment' }).click();
    const dialog = page.getByRole('dialog', { name: `Cancel payment ${target.id}?` });
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Customer asked to stop it (ticket 4411)');
    await dialog.getByRole('button', { name: 'Confirm cancellation' }).click();
    await expect.poll(() => page.getByText('The payment is cancelled.').isVisible()).toBe(true);

    const timeline = page.getByRole('region', { name: 'Timeline' });
    await expect.poll(() => timeline.getByText('Cancelled by staff').first().isVisible()).toBe(true);
    expect(await timeline.textContent()).toContain('Customer asked to stop it (ticket 4411)');
    expect(await timeline.textContent()).toContain('ops@sandbox.local');

    await page.goto(`${sandbox.url()}/audit?target=${encodeURIComponent(`payment:${target.id}`)}`);
    const audit = page.getByRole('table');
    const cancelled = audit.getByText(/^Sandbox Ops cancelled payment /).first();
    await expect.poll(() => cancelled.isVisible()).toBe(true);
    expect(await cancelled.getByRole('link').first().getAttribute('href')).toBe(`/payments/${target.id}`);
    expect(await audit.textContent()).toContain('Why: Customer asked to stop it (ticket 4411)');
    expect(await audit.textContent()).toContain('ops@sandbox.local');
    expect(problems).toEqual([]);
    await page.close();
  });
});
