import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './support/axe.ts';
import { openPage, signIn, useSandboxConsole } from './support/console-page.ts';

const sandbox = useSandboxConsole();

/**
 * A sandbox demo user who can be paid: one the app has paid before (so they share their wallet
 * address), read from the Payments page as staff would.
 */
async function paidUserUid(page: Page): Promise<string> {
  await page.goto(`${sandbox.url()}/payments?direction=app_to_user&state=completed`);
  const userLinks = page.getByRole('table', { name: 'Payments' }).locator('a[href^="/users/"]');
  await expect.poll(() => userLinks.count()).toBeGreaterThan(0);
  return ((await userLinks.first().getAttribute('title')) ?? '').trim();
}

describe('rewards, end to end', () => {
  it('a manager pays a demo user from their page, picks them in the uid field, and sees the reward completed with its transaction link', async () => {
    const { page, problems } = await openPage(sandbox.browser());
    await page.goto(`${sandbox.url()}/payments`);
    await signIn(page, 'manager@sandbox.local');
    await expect.poll(() => page.getByRole('table', { name: 'Payments' }).isVisible()).toBe(true);
    const uid = await paidUserUid(page);

    await page.goto(`${sandbox.url()}/users/${encodeURIComponent(uid)}`);
    await page.getByRole('link', { name: 'Pay a reward' }).click();
    await page.waitForURL(/\/rewards\?pay=/);
    const form = page.getByRole('form', { name: 'Pay a reward' });
    const uidField = form.getByRole('combobox', { name: 'User uid' });
    expect(await uidField.inputValue()).toBe(uid);

    // Typed again from its first characters, the user is offered with their last payments, and picked.
    await uidField.fill(uid.slice(0, 6));
    const options = page.getByRole('listbox', { name: 'Users the console has seen' }).getByRole('option');
    const offered = options.filter({ hasText: uid });
    await offered.waitFor();
    expect(await offered.textContent()).toContain('Plat Testnet');
    expect(await seriousAxeViolations(page)).toEqual([]);
    const count = await options.count();
    for (let pressed = 0; pressed < count && (await offered.getAttribute('aria-selected')) !== 'true'; pressed += 1) await uidField.press('ArrowDown');
    expect(await offered.getAttribute('aria-selected')).toBe('true');
    await uidField.press('Enter');
    expect(await uidField.inputValue()).toBe(uid);
    expect(await uidField.getAttribute('aria-expanded')).toBe('false');

    await form.getByRole('textbox', { name: 'Amount' }).fill('1.25');
    await expect.poll(() => form.getByText(/In Plat Testnet, the network's currency/).count()).toBe(1);
    await form.getByRole('textbox', { name: 'Memo' }).fill('End-to-end reward');
    await form.getByRole('textbox', { name: 'Metadata (optional)' }).fill('{"campaign": "e2e"}');
    await form.getByRole('button', { name: 'Review the reward' }).click();

    const dialog = page.getByRole('dialog', { name: 'Pay this reward?' });
    expect(await dialog.textContent()).toContain(`Pay 1.25 Plat Testnet to the user with uid ${uid}, with the memo “End-to-end reward”.`);
    await dialog.getByRole('button', { name: 'Pay reward' }).click();
    await page.waitForURL(/\/rewards\/[0-9a-f-]{36}$/);

    const state = page.locator('dt', { hasText: 'State' }).locator('xpath=following-sibling::dd[1]');
    await expect.poll(() => state.innerText(), { timeout: 30_000 }).toBe('Completed');
    expect(await page.locator('dt', { hasText: 'Amount' }).locator('xpath=following-sibling::dd[1]').innerText()).toBe('1.25 Plat Testnet');
    const link = page.locator('dt', { hasText: 'Transaction link' }).locator('xpath=following-sibling::dd[1]').getByRole('link');
    expect(await link.getAttribute('href')).toMatch(/^https?:\/\//);
    expect(await page.getByRole('region', { name: 'Timeline' }).textContent()).toContain('Payment created');

    await page.goto(`${sandbox.url()}/rewards?state=completed`);
    await expect.poll(() => page.getByRole('table', { name: 'Rewards' }).getByText(uid).count()).toBeGreaterThan(0);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('the batch upload page offers the template and says which columns it takes', async () => {
    const { page, problems } = await openPage(sandbox.browser());
    await page.goto(`${sandbox.url()}/rewards/batches/new`);
    await signIn(page, 'manager@sandbox.local');
    const template = page.getByRole('link', { name: 'Download the template CSV' });
    await template.waitFor();
    const download = page.waitForEvent('download');
    await template.click();
    expect((await download).suggestedFilename()).toBe('reward-batch-template.csv');
    const columns = page.getByRole('table', { name: 'Columns of the file' }).getByRole('rowheader');
    expect(await columns.allInnerTexts()).toEqual(['uid', 'amount', 'memo', 'metadata']);
    await expect.poll(() => page.getByRole('table', { name: 'Columns of the file' }).innerText()).toContain('In Plat Testnet');
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('support sees the rewards but no form to pay one', async () => {
    const { page, problems } = await openPage(sandbox.browser());
    await page.goto(`${sandbox.url()}/rewards`);
    await signIn(page, 'support@sandbox.local');
    await expect.poll(() => page.getByRole('table', { name: 'Rewards' }).isVisible()).toBe(true);
    expect(await page.getByRole('form', { name: 'Pay a reward' }).count()).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });
});
