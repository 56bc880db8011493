import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './support/axe.ts';
import { ConsoleApi } from './support/console-api.ts';
import { E2E_SANDBOX_PASSWORD, openPage, signIn, useSandboxConsole } from './support/console-page.ts';

const sandbox = useSandboxConsole();

const STEP_MS = 30_000;
const currentStep = () => Math.floor(Date.now() / STEP_MS);

/**
 * The phone's authenticator app, computed by an independent implementation from the key the page
 * shows. The console takes each step of 30 s once and one step either side of now, so every code
 * comes from a later step than the last, waiting for the clock when that step is not yet accepted.
 */
class AuthenticatorApp {
  private lastStep = -Infinity;
  private readonly totp: TOTP;

  constructor(key: string) {
    this.totp = new TOTP({ secret: Secret.fromBase32(key), algorithm: 'SHA1', digits: 6, period: 30 });
  }

  async nextCode(): Promise<string> {
    // The step before now is accepted until the end of this one: used only with time to spare.
    const earliest = Date.now() % STEP_MS < 20_000 ? currentStep() - 1 : currentStep();
    const step = Math.max(earliest, this.lastStep + 1);
    await expect.poll(() => currentStep() >= step - 1, { timeout: 2 * STEP_MS, interval: 250 }).toBe(true);
    this.lastStep = step;
    return this.totp.generate({ timestamp: step * STEP_MS });
  }
}

/** A page signed in as `email` with the password alone, on `path`. */
async function signedInPage(email: string, path: string): Promise<{ page: Page; problems: string[] }> {
  const opened = await openPage(sandbox.browser());
  await opened.page.setViewportSize({ width: 1280, height: 800 });
  await opened.page.goto(`${sandbox.url()}${path}`);
  await signIn(opened.page, email);
  await opened.page.getByRole('heading', { level: 1 }).first().waitFor();
  return opened;
}

/** What Chromium logs for the refusals these tests cause on purpose: a step-up asked for, a wrong code. */
const causedOnPurpose = (problem: string) => /status of 401/.test(problem) && /\/api\/(rewards|session\/second-factor|session\/step-up)\b/.test(problem);

async function signOut(page: Page): Promise<void> {
  await page.locator('header button[aria-haspopup="menu"]').click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL(/\/sign-in$/);
}

describe('second factors, end to end', () => {
  it('a manager sets up an app, pays a reward after a step-up asked in place, and signs in with a recovery code and with a code', async () => {
    // Signed in before the app is set up: this session has never given a second factor.
    const payer = await signedInPage('manager@sandbox.local', '/rewards');

    const { page, problems } = await signedInPage('manager@sandbox.local', '/account');
    const appSection = page.getByRole('region', { name: 'Authenticator app' });
    await appSection.getByRole('button', { name: 'Set up an authenticator app' }).click();
    await appSection.getByRole('img', { name: 'QR code of the new key, for your authenticator app' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    const app = new AuthenticatorApp((await appSection.getByLabel('Key', { exact: true }).inputValue()).replace(/\s+/g, ''));
    await appSection.getByLabel('Code from the app').fill(await app.nextCode());
    await appSection.getByRole('button', { name: 'Confirm' }).click();

    const codesDialog = page.getByRole('dialog', { name: 'Save your recovery codes' });
    await codesDialog.waitFor();
    const recoveryCodes = await codesDialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allInnerTexts();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const download = page.waitForEvent('download');
    await codesDialog.getByRole('link', { name: 'Download' }).click();
    expect((await download).suggestedFilename()).toBe('plat-console-recovery-codes.txt');
    await codesDialog.getByRole('button', { name: 'Done' }).click();
    await appSection.getByText('10 of 10 recovery codes left.').waitFor();

    // The payer's session now belongs to a member with a second factor, never given in it: paying asks for it.
    const form = payer.page.getByRole('form', { name: 'Pay a reward' });
    await form.getByRole('combobox', { name: 'User uid' }).fill('sandbox-bob');
    await form.getByRole('textbox', { name: 'Amount' }).fill('0.75');
    await form.getByRole('textbox', { name: 'Memo' }).fill('Paid after a step-up');
    await form.getByRole('button', { name: 'Review the reward' }).click();
    await payer.page.getByRole('dialog', { name: 'Pay this reward?' }).getByRole('button', { name: 'Pay reward' }).click();
    const prompt = payer.page.getByRole('dialog', { name: 'Confirm it is you' });
    await prompt.getByLabel('Code from your authenticator app').fill(await app.nextCode());
    await prompt.getByRole('button', { name: 'Confirm and go ahead' }).click();
    await payer.page.waitForURL(/\/rewards\/[0-9a-f-]{36}$/);
    const state = payer.page.locator('dt', { hasText: 'State' }).locator('xpath=following-sibling::dd[1]');
    await expect.poll(() => state.innerText(), { timeout: 30_000 }).toBe('Completed');
    expect(await payer.page.locator('dt', { hasText: 'Memo' }).locator('xpath=following-sibling::dd[1]').innerText()).toBe('Paid after a step-up');

    await signOut(page);
    await signIn(page, 'manager@sandbox.local');
    const secondStep = page.getByRole('region', { name: 'Second factor' });
    await secondStep.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await secondStep.getByLabel('Recovery code').fill(recoveryCodes[3]!);
    await secondStep.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    await page.goto(`${sandbox.url()}/account`);
    await appSection.getByText('9 of 10 recovery codes left.').waitFor();

    await signOut(page);
    await signIn(page, 'manager@sandbox.local');
    await secondStep.getByLabel('Code from your authenticator app').fill('000000');
    await secondStep.getByRole('button', { name: 'Continue' }).click();
    await secondStep.getByRole('alert').getByText('The code is wrong or has expired').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await secondStep.getByLabel('Code from your authenticator app').fill(await app.nextCode());
    await secondStep.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();

    expect(problems.filter((problem) => !causedOnPurpose(problem))).toEqual([]);
    expect(payer.problems.filter((problem) => !causedOnPurpose(problem))).toEqual([]);
    await Promise.all([page.close(), payer.page.close()]);
  });

  it('an admin sees who has which factor, resets one, and without the sandbox exemption a demo account may only set one up', async () => {
    // Support sets up an app through the API, as any client can.
    const support = new ConsoleApi(sandbox.url());
    await support.signIn('support@sandbox.local', E2E_SANDBOX_PASSWORD);
    const { secret } = await support.json<{ secret: string }>('POST', '/api/me/totp');
    await support.json('POST', '/api/me/totp/confirm', { code: await new AuthenticatorApp(secret).nextCode() });

    const { page, problems } = await signedInPage('admin@sandbox.local', '/staff');
    const supportRow = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'support@sandbox.local' }) });
    await supportRow.getByText('App', { exact: true }).waitFor();
    await supportRow.getByRole('button', { name: /^Actions for / }).click();
    await page.getByRole('menuitem', { name: 'Reset second factors…' }).click();
    const confirm = page.getByRole('dialog', { name: /^Reset .*second factors\?$/ });
    expect(await confirm.textContent()).toContain('is signed out everywhere at once');
    await confirm.getByRole('button', { name: 'Reset second factors' }).click();
    await supportRow.getByText('None', { exact: true }).waitFor();

    await page.goto(`${sandbox.url()}/settings`);
    const policy = page.getByRole('region', { name: 'Second factors' });
    await policy.getByRole('checkbox', { name: 'Let the sandbox’s demo accounts sign in without a second factor' }).uncheck();
    await policy.getByLabel('Days to set one up').fill('0');
    const saved = page.waitForResponse((response) => response.url().endsWith('/api/settings/second-factor') && response.request().method() === 'PUT');
    await policy.getByRole('button', { name: 'Save the policy' }).click();
    expect(`${(await saved).status()} ${await (await saved).text()}`).toMatch(/^200 /);
    await policy.getByText('Saved.', { exact: true }).waitFor();

    const ops = await openPage(sandbox.browser());
    await ops.page.setViewportSize({ width: 1280, height: 800 });
    await ops.page.goto(`${sandbox.url()}/payments`);
    await signIn(ops.page, 'ops@sandbox.local');
    await ops.page.getByRole('heading', { level: 1, name: 'Set up a second factor' }).waitFor();
    expect(await ops.page.getByRole('navigation').count()).toBe(0);
    expect(await seriousAxeViolations(ops.page)).toEqual([]);
    await ops.page.getByRole('button', { name: 'Set up an authenticator app' }).click();
    const opsApp = new AuthenticatorApp((await ops.page.getByLabel('Key', { exact: true }).inputValue()).replace(/\s+/g, ''));
    await ops.page.getByLabel('Code from the app').fill(await opsApp.nextCode());
    await ops.page.getByRole('button', { name: 'Confirm' }).click();
    await ops.page.getByRole('dialog', { name: 'Save your recovery codes' }).getByRole('button', { name: 'Done' }).click();
    await ops.page.getByRole('heading', { level: 1, name: 'Payments' }).waitFor();

    expect(problems).toEqual([]);
    expect(ops.problems.filter((problem) => !causedOnPurpose(problem))).toEqual([]);
    await Promise.all([page.close(), ops.page.close()]);
  });
});
