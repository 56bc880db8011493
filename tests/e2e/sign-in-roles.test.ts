import { describe, expect, it } from 'vitest';
import { openPage, signIn, useSandboxConsole } from './support/console-page.ts';

const sandbox = useSandboxConsole();

const ALL = ['Overview', 'Payments', 'Rewards', 'Wallet', 'Reconciliation', 'Incomplete payments', 'Rewarded ads', 'Audit log', 'API reference', 'Staff', 'API keys'];
const NAVIGATION: Record<string, string[]> = {
  support: ['Overview', 'Payments', 'Rewards', 'Wallet', 'Reconciliation', 'Incomplete payments', 'Rewarded ads', 'Audit log', 'API reference'],
  manager: ['Overview', 'Payments', 'Rewards', 'Wallet', 'Reconciliation', 'Incomplete payments', 'Rewarded ads', 'Audit log', 'API reference'],
  ops: ['Overview', 'Payments', 'Rewards', 'Wallet', 'Reconciliation', 'Incomplete payments', 'Rewarded ads', 'Audit log', 'API reference'],
  admin: ALL,
};

describe('each demo role', () => {
  it.each(Object.keys(NAVIGATION))('%s signs in, sees its navigation, and signs out', async (role) => {
    const { page, problems } = await openPage(sandbox.browser());
    await page.goto(`${sandbox.url()}/audit`);
    await page.waitForURL(/\/sign-in\?next=%2Faudit/);
    await signIn(page, `${role}@sandbox.local`);
    await page.waitForURL(/\/audit$/);

    const nav = page.getByRole('navigation', { name: /main/i });
    await expect.poll(() => nav.getByRole('link', { name: 'Overview' }).isVisible()).toBe(true);
    const visible: string[] = [];
    for (const name of ALL) if (await nav.getByRole('link', { name, exact: true }).isVisible()) visible.push(name);
    expect(visible).toEqual(NAVIGATION[role]);

    const cookies = await page.context().cookies();
    const session = cookies.find((cookie) => cookie.name === '__Host-plat_session');
    expect(session).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/' });

    await page.locator('header button[aria-haspopup="menu"]').click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(/\/sign-in$/);
    expect(problems).toEqual([]);
    await page.close();
  });
});
