import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../emulator/src/emulator.ts';
import { clearFaults, createUser, faultsApplied, setFaults, type ControlUser } from '../support/emulator-control.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { launchChromium } from './support/browser.ts';
import { ConsoleApi } from './support/console-api.ts';
import { E2E_SANDBOX_PASSWORD, openSignedIn } from './support/console-page.ts';
import { startConsole, type RunningConsole } from './support/console-process.ts';
import { cancelPayment, openPaymentFor } from './support/platform-payments.ts';

const MANAGER_A = 'manager-a@example.com';
const MANAGER_B = 'manager-b@example.com';
const FILE = 'e2e-review.csv';
const REJECTION = 'Line 2 names a user the game does not know: check the uids with the game team first.';

let emulator: RunningEmulator | undefined;
let consoleProcess: RunningConsole | undefined;
let browser: Browser | undefined;

/** The users of the file, each set up on the platform for the outcome the test expects of their row. */
interface Cast {
  payable: ControlUser[];
  /** A uid the platform knows nobody by: user_not_found, which no retry mends. */
  unknownUid: string;
  /** Has not shared a wallet address with the app: missing_scope, which no retry mends. */
  noWallet: ControlUser;
  /** Blocked by an open payment, until the test cancels it; then paid. */
  held: ControlUser;
  heldBy: string;
  /** Blocked too, then refused once by the platform for a passing reason: a retry can pay this one. */
  refusedOnce: ControlUser;
  refusedOnceHeldBy: string;
}
let cast: Cast | undefined;

// The console in live mode against an emulator this test owns: it makes the users, leaves payments open and injects the refusal.
beforeAll(async () => {
  const upstream = await startEmulator();
  emulator = upstream;
  const [launched, started, payable, noWallet, held, refusedOnce] = await Promise.all([
    launchChromium(),
    startConsole({
      PLAT_API_URL: upstream.url,
      PLAT_API_KEY: upstream.key,
      PLAT_HORIZON_URL: upstream.horizonUrl,
      PLAT_WALLET_SEED: upstream.appWallet.seed,
      PLAT_ADMIN_EMAIL: 'admin@example.com',
      PLAT_ADMIN_PASSWORD: E2E_SANDBOX_PASSWORD,
    }),
    Promise.all([createUser(upstream), createUser(upstream), createUser(upstream)]),
    createUser(upstream, ['username', 'payments']),
    createUser(upstream),
    createUser(upstream),
  ]);
  browser = launched;
  consoleProcess = started;
  cast = { payable, unknownUid: randomUUID(), noWallet, held, heldBy: await openPaymentFor(upstream, held.uid), refusedOnce, refusedOnceHeldBy: await openPaymentFor(upstream, refusedOnce.uid) };

  const api = new ConsoleApi(started.url);
  await api.signIn('admin@example.com', E2E_SANDBOX_PASSWORD);
  await api.createStaff(MANAGER_A, 'manager', E2E_SANDBOX_PASSWORD);
  await api.createStaff(MANAGER_B, 'manager', E2E_SANDBOX_PASSWORD);
  await api.json('PUT', '/api/settings/reward-limits', { perRewardCap: null, dailyTotalPerStaff: null, approvalThreshold: '1' });
});

afterAll(async () => {
  await browser?.close();
  await consoleProcess?.stop();
  await emulator?.close();
});

function started(): { browser: () => Browser; url: () => string; emulator: RunningEmulator; cast: Cast } {
  if (!browser || !consoleProcess || !emulator || !cast) throw new Error('not started');
  const [b, c] = [browser, consoleProcess];
  return { browser: () => b, url: () => c.url, emulator, cast };
}

/** The value of one of the batch summary's facts ("State", "Rows", …). */
const fact = (page: Page, term: string) => page.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');

/** Uploads the file on the upload page and starts it; the batch waits for approval. Answers the batch page's URL. */
async function uploadAndStart(page: Page, base: string, csv: string): Promise<string> {
  await page.goto(`${base}/rewards/batches/new`);
  await page.getByLabel(/^CSV file/).setInputFiles({ name: FILE, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Upload and preview' }).click();
  await page.waitForURL(/\/rewards\/batches\/[0-9a-f-]{36}$/);
  expect(await fact(page, 'Rows').innerText()).toBe('7 (7 valid, 0 with a problem in the file)');
  expect(await page.getByText('Needs approval: the total is over the threshold of 1.').isVisible()).toBe(true);
  await page.getByRole('button', { name: 'Start paying' }).click();
  await page.getByRole('dialog', { name: 'Start paying this batch?' }).getByRole('button', { name: 'Start paying' }).click();
  await expect.poll(() => fact(page, 'State').innerText()).toBe('Awaiting approval');
  return page.url();
}

/** From the sidebar's badge to the batch that waits, as an approver would go: Rewards, then Review. */
async function reviewFromBadge(page: Page, batchUrl: string): Promise<void> {
  const badge = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Rewards\s*,\s*1 waiting for your approval$/ });
  await expect.poll(() => badge.isVisible()).toBe(true);
  await badge.click();
  await page.getByRole('table', { name: 'For you to approve' }).getByRole('link', { name: `Review batch ${FILE}` }).click();
  await page.waitForURL(batchUrl);
  await expect.poll(() => fact(page, 'Requested by').innerText()).toBe(MANAGER_A);
}

describe('reviewing a reward batch, end to end', () => {
  it('manager B rejects a batch with a reason manager A reads; approved the second time, its failed rows say why, and a retry offers only those it can pay', async () => {
    const { url, emulator: upstream, cast } = started();
    const base = url();
    const rows = [cast.payable[0]?.uid, cast.unknownUid, cast.payable[1]?.uid, cast.noWallet.uid, cast.held.uid, cast.payable[2]?.uid, cast.refusedOnce.uid];
    const csv = `uid,amount,memo\n${rows.map((uid) => `${uid},1.25,Weekly winners`).join('\n')}\n`;

    // Manager A uploads the file and starts it: 8.75 in all is over the threshold, so it waits for approval. The Batches list shows it.
    const managerA = await openSignedIn(started(), MANAGER_A, '/rewards');
    const pageA = managerA.page;
    await pageA.getByRole('heading', { level: 1, name: 'Rewards' }).waitFor();
    const firstBatch = await uploadAndStart(pageA, base, csv);
    await pageA.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Rewards/ }).click();
    await pageA.getByRole('link', { name: 'Batches', exact: true }).click();
    const listed = pageA.getByRole('table', { name: 'Batches' }).locator('tbody tr', { hasText: FILE });
    await expect.poll(() => listed.count()).toBe(1);
    const cells = await listed.locator('td').allInnerTexts();
    expect(cells.slice(1, 6).map((cell) => cell.replace(/\s+/g, ' ').trim())).toEqual([MANAGER_A, 'Awaiting approval', '0 paid · 0 failed · 7 to go', '8.75', 'Awaiting approval']);
    expect(await seriousAxeViolations(pageA)).toEqual([]);

    // Manager B sees the badge and the overview's card, follows the card to the batch and rejects it with a reason.
    const managerB = await openSignedIn(started(), MANAGER_B, '/');
    const pageB = managerB.page;
    await pageB.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    await expect.poll(() => pageB.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Rewards\s*,\s*1 waiting for your approval$/ }).isVisible()).toBe(true);
    const card = pageB.getByRole('link', { name: /^Waiting for your approval\s*:\s*1$/ });
    await expect.poll(() => card.isVisible()).toBe(true);
    await card.click();
    await pageB.getByRole('table', { name: 'For you to approve' }).getByRole('link', { name: `Review batch ${FILE}` }).click();
    await pageB.waitForURL(firstBatch);
    await expect.poll(() => fact(pageB, 'Requested by').innerText()).toBe(MANAGER_A);
    await pageB.getByRole('button', { name: 'Reject' }).click();
    const rejectDialog = pageB.getByRole('dialog', { name: 'Reject this batch?' });
    await rejectDialog.getByRole('textbox', { name: /^Reason/ }).fill(REJECTION);
    await rejectDialog.getByRole('button', { name: 'Reject batch' }).click();
    await expect.poll(() => fact(pageB, 'State').innerText()).toBe('Rejected: nothing paid');
    await expect.poll(() => pageB.getByRole('navigation', { name: 'Main' }).getByText(/waiting for your approval/).count()).toBe(0);

    // Manager A finds it rejected in the list, opens it, and reads who rejected it and why.
    await expect.poll(() => listed.locator('td').nth(2).innerText()).toBe('Rejected: nothing paid');
    expect(await listed.locator('td').nth(5).innerText()).toBe(`Rejected by ${MANAGER_B}`);
    await listed.getByRole('link', { name: FILE }).click();
    await pageA.waitForURL(firstBatch);
    await expect.poll(() => pageA.getByText(`Reason: ${REJECTION}`).isVisible()).toBe(true);
    expect(await pageA.getByText(`Rejected by ${MANAGER_B}`).isVisible()).toBe(true);

    // A uploads the same file again and starts it; B, led by the badge, approves it on its page.
    const secondBatch = await uploadAndStart(pageA, base, csv);
    await pageB.reload();
    await reviewFromBadge(pageB, secondBatch);
    await pageB.getByRole('button', { name: 'Approve' }).click();
    await pageB.getByRole('dialog', { name: 'Approve this batch?' }).getByRole('button', { name: 'Approve batch' }).click();
    await expect.poll(() => fact(pageB, 'State').innerText()).not.toBe('Awaiting approval');

    // It runs: three paid, two refused for good, two blocked by the payments left open, each named on its row.
    const chip = (name: string) => pageA.getByRole('navigation', { name: 'Rows shown' }).getByRole('link', { name, exact: true });
    await expect.poll(() => chip('Paid 3').isVisible()).toBe(true);
    await expect.poll(() => chip('Failed 2').isVisible()).toBe(true);
    await expect.poll(() => chip('Blocked 2').isVisible()).toBe(true);
    await chip('Blocked 2').click();
    await pageA.waitForURL(`${secondBatch}?rows=blocked`);
    const blockedRows = pageA.getByRole('table', { name: 'Rows of the batch: blocked' }).locator('tbody tr');
    await expect.poll(() => blockedRows.count()).toBe(2);
    for (const [user, payment] of [[cast.held, cast.heldBy], [cast.refusedOnce, cast.refusedOnceHeldBy]] as const) {
      const row = blockedRows.filter({ hasText: user.uid });
      expect(await row.innerText()).toContain(`Blocked by the unfinished payment ${payment}.`);
      expect(await row.getByRole('link', { name: payment }).getAttribute('href')).toBe(`/payments/${payment}`);
    }
    expect(await seriousAxeViolations(pageA)).toEqual([]);

    // Once its open payment is cancelled the held row is paid. A blocked row asks to be created again only
    // once its blocker is gone: then the platform refuses the other row once, for a reason a retry can mend.
    await cancelPayment(upstream, cast.heldBy);
    await expect.poll(() => chip('Paid 4').isVisible()).toBe(true);
    await setFaults(upstream, [{ route: 'POST /v2/payments', kind: 'error', status: 400, times: 1 }]);
    await cancelPayment(upstream, cast.refusedOnceHeldBy);
    await expect.poll(() => chip('Failed 3').isVisible()).toBe(true);
    expect(await faultsApplied(upstream)).toEqual([1]);
    await clearFaults(upstream);
    await expect.poll(() => fact(pageA, 'State').innerText()).toBe('Finished');

    // The Failed chip: each failed row with its reason in words and what to do, no code shown raw.
    await chip('Failed 3').click();
    await pageA.waitForURL(`${secondBatch}?rows=failed`);
    const failedRows = pageA.getByRole('table', { name: 'Rows of the batch: failed' }).locator('tbody tr');
    await expect.poll(() => failedRows.count()).toBe(3);
    const failedRow = (uid: string) => failedRows.filter({ hasText: uid }).innerText();
    expect(await failedRow(cast.unknownUid)).toContain('No such user for this app.');
    expect(await failedRow(cast.noWallet.uid)).toContain('The user has not shared their wallet address with the app: they must sign in to the app again and allow it.');
    // A refusal the console has no words of its own for shows the platform's words (here the emulator's), with what to do.
    expect(await failedRow(cast.refusedOnce.uid)).toContain('injected fault: error');
    expect(await failedRow(cast.refusedOnce.uid)).toContain('A manager can pay it again with "Retry failed rows" once the batch has stopped.');
    expect(await pageA.getByRole('table', { name: 'Rows of the batch: failed' }).innerText()).not.toMatch(/user_not_found|missing_scope|unknown_error/);
    expect(await seriousAxeViolations(pageA)).toEqual([]);

    // Retry offers only the row a retry can pay, and says how many it leaves out.
    expect(await pageA.getByText('Left out of the retry: 2 failed rows the platform refused for a reason no retry changes').isVisible()).toBe(true);
    await pageA.getByRole('button', { name: 'Retry 1 failed row as a new batch' }).click();
    await pageA.waitForURL((next) => /\/rewards\/batches\/[0-9a-f-]{36}$/.test(next.pathname) && next.href !== secondBatch);
    await expect.poll(() => fact(pageA, 'Rows').innerText()).toBe('1 (1 valid, 0 with a problem in the file)');
    const retryRows = pageA.getByRole('table', { name: 'Rows of the batch' }).locator('tbody tr');
    // One row: the table's own "Loading" row counts as one too, so the row's words are what is waited for.
    await expect.poll(() => retryRows.allInnerTexts()).toEqual([expect.stringContaining(cast.refusedOnce.uid)]);

    // The Batches list shows all three, the one rejected, the one paid and the retry.
    await pageA.goto(`${base}/rewards/batches`);
    const states = pageA.getByRole('table', { name: 'Batches' }).locator('tbody tr td:nth-child(3)');
    await expect.poll(() => states.allInnerTexts()).toEqual(['Previewed: nothing paid yet', 'Finished', 'Rejected: nothing paid']);
    expect(await seriousAxeViolations(pageA)).toEqual([]);

    expect([...managerA.problems, ...managerB.problems]).toEqual([]);
    await pageA.close();
    await pageB.close();
  });
});
