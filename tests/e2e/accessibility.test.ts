import { beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './support/axe.ts';
import { ConsoleApi } from './support/console-api.ts';
import { E2E_SANDBOX_PASSWORD, openPage, openSignedIn, useSandboxConsole } from './support/console-page.ts';
import { paymentIds } from './support/payments-table.ts';
import { waitUntilSettled } from './support/settled.ts';

const sandbox = useSandboxConsole();

describe('accessibility (axe-core): no serious or critical violations', () => {
  beforeAll(async () => {
    // A batch, so that the Batches page is checked with a row and not only empty.
    const api = new ConsoleApi(sandbox.url());
    await api.signIn('manager@sandbox.local', E2E_SANDBOX_PASSWORD);
    await api.uploadBatch('accessibility.csv', 'uid,amount,memo\nsomeone,1,checked by axe\n');
  });

  it('on the sign-in page', async () => {
    const { page } = await openPage(sandbox.browser());
    await page.goto(`${sandbox.url()}/sign-in`);
    await page.getByLabel('Email').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.close();
  });

  const everyone = ['/', '/payments', '/payments/import', '/rewards', '/rewards/batches', '/reconciliation', '/incomplete', '/ads', '/audit', '/reference', '/account'];
  it.each([
    ['support', everyone],
    ['manager', everyone],
    ['ops', everyone],
    ['admin', [...everyone, '/staff', '/api-keys', '/settings', '/webhooks']],
  ])('on every page %s can use', async (role, paths) => {
    const { page } = await openSignedIn(sandbox, `${role}@sandbox.local`, '/payments');
    const [paymentId] = await paymentIds(page);
    const uid = await page.getByRole('table', { name: 'Payments' }).locator('tbody tr').first().locator('a[href^="/users/"]').getAttribute('href');
    const failures: string[] = [];
    for (const path of [...paths, `/payments/${paymentId}`, uid ?? '/']) {
      // In place, as a link or Back does: the router reads the new address, the document stays.
      await page.evaluate((to) => {
        window.history.pushState(null, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);
      await page.waitForURL(`${sandbox.url()}${path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await waitUntilSettled(page);
      for (const violation of await seriousAxeViolations(page)) failures.push(`${path}: ${violation}`);
    }
    expect(failures).toEqual([]);
    await page.close();
  }, 120_000);
});
