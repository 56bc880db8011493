import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const PAYMENT_PATH = /\/payments\/[A-Za-z0-9]{28}$/;

/** The payment ids the Payments table shows now (waits until it shows some). */
export async function paymentIds(page: Page): Promise<string[]> {
  const table = page.getByRole('table', { name: 'Payments' });
  await expect.poll(() => table.locator('tbody tr[tabindex]').count()).toBeGreaterThan(0);
  const hrefs = await table.locator('tbody tr td:first-child a').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return hrefs.filter((href) => PAYMENT_PATH.test(href)).map((href) => href.split('/').at(-1) ?? '');
}
