import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, signIn, useSandboxConsole } from './support/console-page.ts';

const sandbox = useSandboxConsole();

/**
 * The console by name rather than by address: browsers refuse WebAuthn on a bare IP address, and the
 * sandbox's relying party is the origin the console is opened at.
 */
const byName = (url: string) => url.replace('//127.0.0.1:', '//localhost:');

/** Chromium's virtual authenticator (DevTools protocol): a platform passkey that keeps its credentials and verifies the person. */
async function addVirtualAuthenticator(page: Page): Promise<void> {
  const devtools = await page.context().newCDPSession(page);
  await devtools.send('WebAuthn.enable', { enableUI: false });
  await devtools.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
}

describe('passkeys in Chromium', () => {
  it('adds a passkey on the account page, then signs in with it alone after signing out', async () => {
    const { page, problems } = await openPage(sandbox.browser());
    await addVirtualAuthenticator(page);
    const url = byName(sandbox.url());

    await page.goto(`${url}/account`);
    await page.waitForURL(/\/sign-in/);
    await signIn(page, 'manager@sandbox.local');
    await page.getByRole('heading', { name: 'Your account' }).waitFor();
    await page.getByText('You have no passkey yet.').waitFor();

    await page.getByRole('button', { name: 'Add a passkey' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
    await dialog.getByLabel('Name').fill('Test laptop');
    await dialog.getByLabel(/Sign in with this passkey alone/).check();
    await dialog.getByRole('button', { name: 'Add passkey' }).click();
    await dialog.waitFor({ state: 'detached' });
    const list = page.getByRole('list', { name: 'Your passkeys' });
    await list.getByText('Test laptop').waitFor();
    expect(await list.getByText('Signs in without a password').isVisible()).toBe(true);

    await page.locator('header button[aria-haspopup="menu"]').click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(/\/sign-in$/);

    await page.getByRole('button', { name: 'Use a passkey instead of a password' }).click();
    const refused = page.getByRole('alert');
    await Promise.race([page.waitForURL(`${url}/`), refused.waitFor()]);
    expect(await refused.count(), await refused.allTextContents().then((texts) => texts.join(' '))).toBe(0);
    await page.goto(`${url}/account`);
    const used = page.getByRole('list', { name: 'Your passkeys' }).getByText(/last used/);
    await used.waitFor();

    await page.goto(`${url}/audit`);
    await page.getByText(/signed in with passkey “Test laptop”/).first().waitFor();
    expect(problems).toEqual([]);
    await page.close();
  });
});
