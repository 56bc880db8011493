import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openSignedIn, useSandboxConsole } from './support/console-page.ts';
import { paymentIds } from './support/payments-table.ts';
import { waitUntilSettled } from './support/settled.ts';

const sandbox = useSandboxConsole();
const signedIn = (email: string, path: string, viewport?: { width: number; height: number }) => openSignedIn(sandbox, email, path, viewport);

/** Chooses one value in a facet chip's popover, and closes it. */
async function chooseFacet(page: Page, chip: string, choice: string): Promise<void> {
  await page.getByRole('button', { name: chip, exact: true }).click();
  await page.getByRole('group', { name: chip }).getByLabel(choice).check();
  await page.keyboard.press('Escape');
}

describe('support’s workspace, end to end', () => {
  it('support opens a user page from a payment, reads the merged timeline, filters with two facet chips and opens a row with the keyboard', async () => {
    const { page, problems } = await signedIn('support@sandbox.local', '/payments');
    const [first] = await paymentIds(page);
    if (!first) throw new Error('the sandbox index is empty');

    await page.goto(`${sandbox.url()}/payments/${first}`);
    const timeline = page.getByRole('region', { name: 'Timeline' });
    await expect.poll(() => timeline.getByText('Created on the platform').isVisible()).toBe(true);
    expect(await timeline.textContent()).toContain('Source:the platform’s record of the payment');
    expect(await timeline.textContent()).toContain('First seen by the console');
    await expect.poll(() => timeline.locator('time').first().textContent()).toMatch(/(UTC|GMT|[A-Z]{3,4})/);

    await page.getByRole('link', { name: 'Open the user' }).click();
    await page.waitForURL(/\/users\//);
    await expect.poll(() => page.getByRole('table', { name: 'Payments of this user' }).getByRole('link', { name: first }).isVisible()).toBe(true);
    expect(await page.getByRole('region', { name: 'What blocks them' }).isVisible()).toBe(true);

    await page.goto(`${sandbox.url()}/payments`);
    await paymentIds(page);
    // Completed payments were approved: the two chips together still leave rows (the sandbox has every state).
    await chooseFacet(page, 'State', 'completed');
    await page.waitForURL(/state=completed/);
    await chooseFacet(page, 'Approved', 'Yes');
    await page.waitForURL(/developer_approved=true/);
    const [shown] = await paymentIds(page);
    expect(await page.getByRole('list', { name: 'Active filters' }).getByRole('button').count()).toBe(2);

    await page.getByRole('table', { name: 'Payments' }).locator('tbody tr[tabindex="0"]').focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/payments/${shown}$`));
    expect(problems).toEqual([]);
    await page.close();
  });

  it('needs no sideways page scrolling at 1280 × 800 on Payments, Incomplete, Ads and Audit', async () => {
    const { page } = await signedIn('ops@sandbox.local', '/payments', { width: 1280, height: 800 });
    for (const path of ['/payments', '/incomplete', '/ads', '/audit']) {
      await page.goto(`${sandbox.url()}${path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await waitUntilSettled(page);
      const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
      expect(widths, path).toEqual({ scroll: widths.client, client: widths.client });
    }
    await page.close();
  });

  it('keeps the search box usable at 390 px', async () => {
    const { page } = await signedIn('support@sandbox.local', '/payments', { width: 390, height: 800 });
    const box = await page.getByRole('searchbox', { name: 'Search payments' }).boundingBox();
    expect(box?.width ?? 0).toBeGreaterThanOrEqual(180);
    await page.close();
  });
});
