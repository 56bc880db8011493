import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
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
  it('a manager pays a reward to a demo user and sees it completed with its transaction link', async () => {
    const { page, problems } = await openPage(sandbox.browser());
    await page.goto(`${sandbox.url()}/payments`);
    await signIn(page, 'manager@sandbox.local');
    await expect.poll(() => page.getByRole('table', { name: 'Payments' }).isVisible()).toBe(true);
    const uid = await paidUserUid(page);

    await page.goto(`${sandbox.url()}/rewards`);
    const form = page.getByRole('form', { name: 'Pay a reward' });
    await form.getByRole('textbox', { name: 'User uid' }).fill(uid);
    await form.getByRole('textbox', { name: 'Amount' }).fill('1.25');
    await form.getByRole('textbox', { name: 'Memo' }).fill('End-to-end reward');
    await form.getByRole('textbox', { name: 'Metadata (optional)' }).fill('{"campaign": "e2e"}');
    await form.getByRole('button', { name: 'Review the reward' }).click();

    const dialog = page.getByRole('dialog', { name: 'Pay this reward?' });
    expect(await dialog.textContent()).toContain(`Pay 1.25 to the user with uid ${uid}, with the memo “End-to-end reward”.`);
    await dialog.getByRole('button', { name: 'Pay reward' }).click();
    await page.waitForURL(/\/rewards\/[0-9a-f-]{36}$/);

    const state = page.locator('dt', { hasText: 'State' }).locator('xpath=following-sibling::dd[1]');
    await expect.poll(() => state.innerText(), { timeout: 30_000 }).toBe('Completed');
    const link = page.locator('dt', { hasText: 'Transaction link' }).locator('xpath=following-sibling::dd[1]').getByRole('link');
    expect(await link.getAttribute('href')).toMatch(/^https?:\/\//);
    expect(await page.getByRole('region', { name: 'Timeline' }).textContent()).toContain('Payment created');

    await page.goto(`${sandbox.url()}/rewards?state=completed`);
    await expect.poll(() => page.getByRole('table', { name: 'Rewards' }).getByText(uid).count()).toBeGreaterThan(0);
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
