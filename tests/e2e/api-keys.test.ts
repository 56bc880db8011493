import { expect, it } from 'vitest';
import { seriousAxeViolations } from './support/axe.ts';
import { openSignedIn, useSandboxConsole } from './support/console-page.ts';
import { paymentIds } from './support/payments-table.ts';
import { waitUntilSettled } from './support/settled.ts';

const sandbox = useSandboxConsole();

it('an admin creates a key with the ingest scope, the app’s backend sends payment ids with it, and the page shows when and from where it was last used', async () => {
  const { page, problems } = await openSignedIn(sandbox, 'admin@sandbox.local', '/payments', { width: 1280, height: 800 });
  const [paymentId] = await paymentIds(page);
  if (!paymentId) throw new Error('no payment in the sandbox');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API keys' }).click();
  await page.getByRole('heading', { level: 1, name: 'API keys' }).waitFor();
  await page.getByRole('button', { name: 'Create API key' }).click();
  const form = page.getByRole('dialog', { name: 'Create an API key' });
  await form.getByRole('textbox', { name: 'Name' }).fill('Payment ingest (e2e)');
  await form.getByRole('checkbox', { name: 'ingest' }).check();
  await form.getByRole('button', { name: 'Create API key' }).click();

  const result = page.getByRole('dialog', { name: 'API key “Payment ingest (e2e)” is created' });
  const secret = await result.getByRole('textbox', { name: 'API key' }).inputValue();
  expect(secret).toMatch(/^plat_sk_sandbox_/);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  expect(await result.isVisible()).toBe(true);
  await result.getByRole('button', { name: 'Done' }).click();

  const row = page.getByRole('table', { name: 'API keys' }).getByRole('row').filter({ hasText: 'Payment ingest (e2e)' });
  await expect.poll(() => row.textContent()).toContain('never');
  expect(await row.textContent()).toContain(`plat_sk_sandbox_…${secret.slice(-4)}`);
  expect(await page.content()).not.toContain(secret);

  // The app's backend, not the browser: no cookie, no console header, only the key.
  const response = await fetch(`${sandbox.url()}/api/ingest/payments`, {
    method: 'POST',
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
    body: JSON.stringify({ ids: [paymentId] }),
  });
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ results: [expect.objectContaining({ id: paymentId, result: 'indexed' })] });

  await page.reload();
  await page.getByRole('heading', { level: 1, name: 'API keys' }).waitFor();
  await waitUntilSettled(page);
  const used = await row.textContent();
  expect(used).toContain('just now');
  expect(used).toContain('from 127.0.0.1');
  expect(problems).toEqual([]);
  await page.close();
});
