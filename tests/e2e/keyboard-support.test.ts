import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, useSandboxConsole, E2E_SANDBOX_PASSWORD } from './support/console-page.ts';
import { paymentIds } from './support/payments-table.ts';

const sandbox = useSandboxConsole();

/** What has the keyboard focus: a link's address, or a table row's table name. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return { href: element?.getAttribute('href') ?? null, rowOf: element?.tagName === 'TR' ? (element.closest('table')?.getAttribute('aria-label') ?? null) : null };
  });

/** Presses Tab until `reached` holds of what has focus, as a keyboard user moves through the page. */
async function tabUntil(page: Page, reached: (now: Awaited<ReturnType<typeof focused>>) => boolean, most = 80): Promise<void> {
  for (let presses = 0; presses < most; presses++) {
    if (reached(await focused(page))) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`not reached in ${most} presses of Tab; focus is on ${JSON.stringify(await focused(page))}`);
}

describe('support, keyboard only', () => {
  it('signs in, finds a payment from the top bar, opens its user, and opens a payment from the user’s table', async () => {
    const { page, problems } = await openPage(sandbox.browser());
    await page.goto(`${sandbox.url()}/payments`);
    await page.getByLabel('Email').focus();
    await page.keyboard.type('support@sandbox.local');
    await page.keyboard.press('Tab');
    await page.keyboard.type(E2E_SANDBOX_PASSWORD);
    await page.keyboard.press('Enter');
    const [paymentId] = await paymentIds(page);
    if (!paymentId) throw new Error('the sandbox index is empty');

    await page.keyboard.press('/');
    await page.keyboard.type(paymentId);
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/payments/${paymentId}$`));

    await tabUntil(page, ({ href }) => href?.startsWith('/users/') ?? false);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/users\/[^/]+$/);

    await tabUntil(page, ({ rowOf }) => rowOf === 'Payments of this user');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/payments\/[A-Za-z0-9]{28}$/);
    await expect.poll(() => page.getByRole('region', { name: 'Timeline' }).isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });
});
