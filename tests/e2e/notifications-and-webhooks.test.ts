import { afterAll, beforeAll, expect, it } from 'vitest';
import { listen } from '../support/listen.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { ConsoleApi } from './support/console-api.ts';
import { E2E_SANDBOX_PASSWORD, openSignedIn, useSandboxConsole } from './support/console-page.ts';

const sandbox = useSandboxConsole();

/** A receiver of the app's backend on this machine: it keeps what it gets and answers 200. */
const received: { headers: Headers; body: string }[] = [];
let receiver: Awaited<ReturnType<typeof listen>>;
beforeAll(async () => {
  receiver = await listen(async (request) => {
    received.push({ headers: request.headers, body: await request.text() });
    return new Response('thanks', { status: 200 });
  });
});
afterAll(() => receiver.close());

it('an approver’s bell shows a reward waiting for their approval, and its link opens the reward', async () => {
  const admin = new ConsoleApi(sandbox.url());
  await admin.signIn('admin@sandbox.local', E2E_SANDBOX_PASSWORD);
  await admin.json('PUT', '/api/settings/reward-limits', { perRewardCap: null, dailyTotalPerStaff: null, approvalThreshold: '1' });
  const manager = new ConsoleApi(sandbox.url());
  await manager.signIn('manager@sandbox.local', E2E_SANDBOX_PASSWORD);
  const { reward } = await manager.json<{ reward: { id: string; state: string } }>('POST', '/api/rewards', { uid: 'notified-user-1', amount: '7.5', memo: 'Bell test' }, { 'idempotency-key': 'e2e-bell-1' });
  expect(reward.state).toBe('awaiting_approval');

  const { page, problems } = await openSignedIn(sandbox, 'admin@sandbox.local', '/', { width: 1280, height: 800 });
  const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications, \d+ unread$/ });
  await bell.waitFor({ timeout: 30_000 });
  await bell.click();
  const panel = page.getByRole('group', { name: 'Notifications' });
  const link = panel.getByRole('link', { name: /reward of 7\.5( to user notified-user-1)? waits for your approval/ });
  expect(await link.textContent()).toContain('Asked for by');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await link.click();
  await page.waitForURL(`${sandbox.url()}/rewards/${reward.id}`);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await expect.poll(() => page.getByRole('banner').getByRole('button', { name: 'Notifications' }).isVisible()).toBe(true);
  expect(problems).toEqual([]);
  await page.close();
});

it('an admin adds an endpoint on this machine, sends it a test event, and sees it delivered in its log', async () => {
  const { page, problems } = await openSignedIn(sandbox, 'admin@sandbox.local', '/', { width: 1280, height: 800 });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Webhooks' }).click();
  await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  const form = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
  const url = `${receiver.origin}/hooks/plat`;
  await form.getByRole('textbox', { name: 'URL' }).fill(url);
  await form.getByRole('textbox', { name: 'Description (optional)' }).fill('Game backend (e2e)');
  await form.getByRole('checkbox', { name: 'reward.completed' }).check();
  await form.getByRole('button', { name: 'Add endpoint' }).click();

  const added = page.getByRole('dialog', { name: `Endpoint ${url} is added` });
  const secret = await added.getByRole('textbox', { name: 'Signing secret' }).inputValue();
  expect(secret).toMatch(/^whsec_/);
  await page.keyboard.press('Escape');
  expect(await added.isVisible()).toBe(true);
  await added.getByRole('button', { name: 'Done' }).click();

  const table = page.getByRole('table', { name: 'Webhook endpoints' });
  const row = table.getByRole('row').filter({ hasText: url });
  expect(await row.textContent()).toContain('reward.completed');
  expect(await page.content()).not.toContain(secret);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  await row.getByRole('button', { name: `Actions for ${url}` }).click();
  await page.getByRole('menuitem', { name: 'Send a test event' }).click();
  await page.getByRole('heading', { level: 1, name: 'Delivery log' }).waitFor();
  const deliveries = page.getByRole('table', { name: 'Deliveries' });
  await expect.poll(() => deliveries.getByRole('row').filter({ hasText: 'webhook.test' }).textContent(), { timeout: 20_000 }).toContain('Delivered');
  expect(received.map((request) => request.headers.get('webhook-id'))).toHaveLength(1);
  expect(received[0]?.headers.get('webhook-signature')).toMatch(/^v1,/);
  expect(JSON.parse(received[0]?.body ?? '{}')).toMatchObject({ type: 'webhook.test' });

  await deliveries.getByRole('row').filter({ hasText: 'webhook.test' }).click();
  const detail = page.getByRole('dialog', { name: 'Delivery of webhook.test' });
  expect(await detail.getByLabel('Answer to attempt 1 (first 1 KiB)').textContent()).toBe('thanks');
  await detail.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('group', { name: 'Show deliveries' }).getByRole('button', { name: 'Failed' }).click();
  await page.getByText('No failed deliveries.').waitFor();
  expect(await seriousAxeViolations(page)).toEqual([]);
  expect(problems).toEqual([]);
  await page.close();
});
