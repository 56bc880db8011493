import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ConsoleApi } from './support/console-api.ts';
import { E2E_SANDBOX_PASSWORD, openSignedIn, useSandboxConsole } from './support/console-page.ts';
import { waitUntilSettled } from './support/settled.ts';

const sandbox = useSandboxConsole();

const sizes = [
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
];
const everyone = ['/payments', '/rewards', '/rewards/batches', '/incomplete', '/ads', '/audit', '/reconciliation', '/reference'];
const pagesOf = { support: everyone, manager: everyone, ops: everyone, admin: [...everyone, '/staff', '/api-keys', '/webhooks'] };

/** Every box from each table up to the page that is narrower than what it holds, e.g. "div.relative.overflow-x-auto 1747 > 1006". */
function overflowingBoxes(page: Page): Promise<{ tables: number; rows: number; overflowing: string[] }> {
  return page.evaluate(() => {
    const overflowing = new Set<string>();
    const tables = [...document.querySelectorAll('table')];
    for (const table of tables) {
      for (let box: Element | null = table; box; box = box.parentElement) {
        if (box.scrollWidth > box.clientWidth) {
          const classes = [...box.classList].slice(0, 3).join('.');
          overflowing.add(`${table.getAttribute('aria-label')}: ${box.tagName.toLowerCase()}${classes ? `.${classes}` : ''} ${box.scrollWidth} > ${box.clientWidth}`);
        }
      }
    }
    return { tables: tables.length, rows: document.querySelectorAll('tbody tr').length, overflowing: [...overflowing] };
  });
}

/** Goes to `path` in place, as a link does, and waits until the page has loaded what it shows. */
async function goInPlace(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await waitUntilSettled(page);
}

/** Opens a row's menu and checks its last item: in the viewport, on top where it is drawn, clicked without anything scrolling. */
async function lastItemReachable(page: Page, menuButton: Locator): Promise<string> {
  // The window's scroll and every scrolled box's, which opening and clicking must leave as they are.
  const scrolled = () =>
    page.evaluate(() => [
      `window ${window.scrollX},${window.scrollY}`,
      ...[...document.querySelectorAll('body *')].filter((box) => box.scrollLeft || box.scrollTop).map((box) => `${box.tagName} ${box.scrollLeft},${box.scrollTop}`),
    ]);
  const before = await scrolled();
  await menuButton.click();
  const items = page.getByRole('menu').getByRole('menuitem');
  const last = items.last();
  const name = (await last.textContent()) ?? '';
  const onTop = await last.evaluate((item) => {
    const box = item.getBoundingClientRect();
    const inViewport = box.top >= 0 && box.left >= 0 && box.bottom <= window.innerHeight && box.right <= window.innerWidth;
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return inViewport && hit !== null && item.contains(hit);
  });
  expect(onTop, `"${name}" hidden or covered`).toBe(true);
  expect(await scrolled()).toEqual(before);
  await last.click();
  return name;
}

describe('tables fit, at 1280 × 800 and 1440 × 900, for every role', () => {
  beforeAll(async () => {
    // Rows in every table that starts empty: rewards (one failed, with its reason), a batch and an ad check.
    const api = new ConsoleApi(sandbox.url());
    await api.signIn('manager@sandbox.local', E2E_SANDBOX_PASSWORD);
    const { payments } = await api.json<{ payments: Array<{ user_uid: string }> }>('GET', '/api/payments');
    const uids = [...new Set(payments.map((payment) => payment.user_uid))].slice(0, 2);
    for (const [index, uid] of [...uids, 'a-user-the-platform-does-not-know'].entries()) {
      await api.json('POST', '/api/rewards', { uid, amount: '0.0000001', memo: `Table fit ${index}` }, { 'idempotency-key': `tables-fit-${index}` });
    }
    await api.uploadBatch('tables-fit.csv', 'uid,amount,memo\nsomeone,1,table fit\n');
    const adId = /Sandbox ad ids to try on the Ads page: (\S+)/.exec(sandbox.output())?.[1];
    if (adId) await api.json('GET', `/api/ads/${adId}`);
    // API keys with everything a row can show: many scopes, a last use, an expiry, a roll's overlap.
    const admin = new ConsoleApi(sandbox.url());
    await admin.signIn('admin@sandbox.local', E2E_SANDBOX_PASSWORD);
    const key = await admin.json<{ secret: string; apiKey: { id: string } }>('POST', '/api/api-keys', {
      name: 'A backend with a name long enough to need cutting short',
      scopes: ['rewards:write', 'rewards:read', 'refunds:write', 'payments:read', 'users:write', 'events:read', 'ingest'],
      expiresAt: '2099-12-31T00:00:00Z',
    });
    await fetch(`${sandbox.url()}/api/ingest/payments`, { method: 'POST', headers: { authorization: `Bearer ${key.secret}`, 'content-type': 'application/json' }, body: JSON.stringify({ ids: ['nosuchpayment000000000000000'] }) });
    await admin.json('POST', `/api/api-keys/${key.apiKey.id}/roll`, { overlapHours: 24 });
  });

  it.each(Object.entries(pagesOf))('as %s: no table, nor any box around it, scrolls sideways', async (role, paths) => {
    const { page } = await openSignedIn(sandbox, `${role}@sandbox.local`, '/payments', sizes[0]);
    await waitUntilSettled(page);
    const userPath = await page.getByRole('table', { name: 'Payments' }).locator('tbody a[href^="/users/"]').first().getAttribute('href');
    if (!userPath) throw new Error('no user in the payments table');
    const failures: string[] = [];
    let rows = 0;
    for (const path of [...paths, userPath]) {
      await goInPlace(page, path);
      for (const size of sizes) {
        await page.setViewportSize(size);
        const found = await overflowingBoxes(page);
        if (found.tables === 0) failures.push(`${path}: no table`);
        for (const box of found.overflowing) failures.push(`${size.width} × ${size.height} ${path}: ${box}`);
        rows += found.rows;
      }
      await page.setViewportSize(sizes[0] ?? { width: 1280, height: 800 });
    }
    expect(failures).toEqual([]);
    expect(rows).toBeGreaterThan(paths.length);
    await page.close();
  }, 120_000);

  it.each(sizes)('a row menu is never clipped: its last item shows and is clicked without scrolling, at $width × $height', async (size) => {
    const { page } = await openSignedIn(sandbox, 'ops@sandbox.local', '/payments?state=awaiting_completion', size);
    await waitUntilSettled(page);
    const table = page.getByRole('table', { name: 'Payments' });
    const id = (await table.locator('tbody a[href^="/payments/"]').first().getAttribute('href'))?.split('/').at(-1);
    if (!id) throw new Error('no payment awaiting completion in the sandbox');

    // One row: the menu reaches below the table.
    await goInPlace(page, `/payments?q=${id}`);
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    expect(await lastItemReachable(page, table.getByRole('button', { name: `Actions for payment ${id}` }))).toBe('Cancel payment…');
    await page.getByRole('dialog', { name: `Cancel payment ${id}?` }).waitFor();
    await page.keyboard.press('Escape');

    // The last row at the bottom of the window: the menu opens upwards.
    await goInPlace(page, '/payments');
    const lastButton = table.getByRole('button', { name: /^Actions for payment / }).last();
    await lastButton.evaluate((button) => button.scrollIntoView({ block: 'end' }));
    expect(await lastItemReachable(page, lastButton)).toMatch(/^(Open user|Complete payment…|Cancel payment…|Refund…)$/);
    await page.keyboard.press('Escape');

    // The incomplete payments: one row in the sandbox.
    await goInPlace(page, '/incomplete');
    const incomplete = page.getByRole('table', { name: 'Incomplete payments' });
    await expect.poll(() => incomplete.locator('tbody tr').count()).toBe(1);
    expect(await lastItemReachable(page, incomplete.getByRole('button', { name: /^Actions for payment / }))).toBe('Open user');
    await page.waitForURL(/\/users\//);
    await page.close();
  }, 60_000);
});
