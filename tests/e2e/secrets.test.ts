import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../emulator/src/emulator.ts';
import { createUser } from '../support/emulator-control.ts';
import { launchChromium } from './support/browser.ts';
import { openPage, signIn } from './support/console-page.ts';
import { startConsole, type RunningConsole } from './support/console-process.ts';

const ADMIN_EMAIL = 'secrets-admin@example.test';
const ADMIN_PASSWORD = 'a long admin password for the secrets test';
const BUILD_DIR = 'dist/dashboard';

/** Every form a secret could leak in: raw, URL-encoded, and base64 (standard and URL-safe) at each of the three byte alignments. */
function formsOf(secret: string): string[] {
  const bytes = Buffer.from(secret);
  const forms = [secret, encodeURIComponent(secret)];
  for (const offset of [0, 1, 2]) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
    // The characters that depend on the secret alone: not those mixed with the prefix, nor the last group.
    const stable = encoded.slice([0, 2, 3][offset], -4);
    forms.push(stable, stable.replaceAll('+', '-').replaceAll('/', '_'));
  }
  return forms;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });
}

/**
 * The whole console in live mode with a known server key and wallet seed: the built SPA, every
 * response the browser and the API client got, the log output and every audit row hold neither.
 */
describe('secrets never leave the BFF', () => {
  let emulator: RunningEmulator;
  let consoleProcess: RunningConsole;
  let browser: Browser;
  const recorded: { where: string; text: string }[] = [];

  beforeAll(async () => {
    emulator = await startEmulator({ demoData: true });
    consoleProcess = await startConsole({
      PLAT_API_KEY: emulator.key,
      PLAT_API_URL: emulator.url,
      PLAT_HORIZON_URL: emulator.horizonUrl,
      PLAT_WALLET_SEED: emulator.appWallet.seed,
      PLAT_ADMIN_EMAIL: ADMIN_EMAIL,
      PLAT_ADMIN_PASSWORD: ADMIN_PASSWORD,
      LOG_LEVEL: 'debug',
    });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await consoleProcess?.stop();
    await emulator?.close();
  });

  it('finds neither the server key nor the wallet seed anywhere', async () => {
    const { page } = await openPage(browser);
    page.on('response', async (response) => {
      const body = await response.text().catch(() => '');
      recorded.push({ where: `${response.status()} ${response.url()}`, text: `${JSON.stringify(response.headers())}\n${body}` });
    });
    const base = consoleProcess.url;
    await page.goto(base);
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.getByRole('navigation').waitFor();

    const api = async (method: 'GET' | 'POST', route: string, data?: unknown, headers: Record<string, string> = {}) => {
      const response = await page.request.fetch(`${base}${route}`, { method, headers: { 'x-plat-console': '1', origin: base, ...headers }, ...(data === undefined ? {} : { data }) });
      recorded.push({ where: `${response.status()} ${method} ${route}`, text: `${JSON.stringify(response.headers())}\n${await response.text()}` });
      return response;
    };
    const user = await createUser(emulator);
    await api('POST', '/api/rewards', { uid: user.uid, amount: '1.25', memo: 'secrets test', metadata: {} }, { 'idempotency-key': randomUUID() });
    await api('POST', '/api/payments/import', { ids: emulator.demo.paymentIds });
    await api('POST', '/api/ads/check', { adIds: emulator.demo.adIds });
    await api('POST', '/api/incomplete/clear', { dryRun: true });
    await api('GET', '/api/ready');
    await api('GET', `/api/payments/${emulator.demo.paymentIds[0] ?? 'none'}`);
    for (const route of ['/', '/payments', '/rewards', '/incomplete', '/ads', '/audit', '/staff', '/settings']) {
      await page.goto(`${base}${route}`);
      await page.waitForLoadState('networkidle');
    }
    await api('GET', '/api/payments/export.csv');
    await api('GET', '/api/rewards/export.csv');
    const auditRows = await (await api('GET', '/api/audit/export.csv')).text();
    await page.close();

    const haystacks = [
      ...filesUnder(BUILD_DIR).map((file) => ({ where: file, text: readFileSync(file, 'latin1') })),
      ...recorded,
      { where: 'the console’s output', text: consoleProcess.output() },
      { where: 'the audit log', text: auditRows },
    ];
    // The matcher itself: a secret base64-encoded at the third alignment is found.
    expect(formsOf(emulator.key).some((form) => Buffer.from(`ab${emulator.key}`).toString('base64').includes(form))).toBe(true);
    expect(recorded.length).toBeGreaterThan(20);
    expect(auditRows.split('\n').length).toBeGreaterThan(5);
    const hits = [emulator.key, emulator.appWallet.seed].flatMap((secret) =>
      formsOf(secret).flatMap((form) => haystacks.filter((haystack) => haystack.text.includes(form)).map((haystack) => `${form.slice(0, 6)}… in ${haystack.where}`)),
    );
    expect(hits).toEqual([]);
  });
});
