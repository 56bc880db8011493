import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { BatchPreview } from '../../dashboard/src/display/batch/batch-types.ts';
import type { Reward } from '../../dashboard/src/display/reward/reward-types.ts';
import { batch, BATCH_ID } from './support/batches.ts';
import { json, stubApi, type FakeRoute } from './support/fake-api.ts';
import { renderApp } from './support/render-app.tsx';
import { resetDom } from './support/reset-dom.ts';
import { reward, REWARD_ID, REWARD_UID, rewardDetail } from './support/rewards.ts';
import { wallet } from './support/wallet.ts';

afterEach(resetDom);

const withWallet: Record<string, FakeRoute> = { 'GET /api/wallet': () => json({ wallet: wallet({ network: 'Plat Testnet' }) }) };

/** The text screen readers read with a field: its hint and error, by aria-describedby. */
function description(field: HTMLElement): string {
  return (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

function field(label: string): HTMLElement {
  const term = screen.getAllByRole('term').find((element) => element.textContent === label);
  const definition = term?.nextElementSibling;
  if (!(definition instanceof HTMLElement)) throw new Error(`no field ${label}`);
  return definition;
}

async function reviewReward(routes: Record<string, FakeRoute>) {
  stubApi({ signedInAs: 'manager', routes });
  const user = userEvent.setup();
  renderApp('/rewards');
  const form = within(await screen.findByRole('form', { name: 'Pay a reward' }));
  await user.type(form.getByRole('combobox', { name: 'User uid' }), REWARD_UID);
  await user.type(form.getByRole('textbox', { name: 'Amount' }), '1.25');
  await user.type(form.getByRole('textbox', { name: 'Memo' }), 'Spring contest winner');
  return { form, user };
}

async function openReward(current: Reward, routes: Record<string, FakeRoute> = {}) {
  const api = stubApi({ signedInAs: 'manager', routes: { [`GET /api/rewards/${REWARD_ID}`]: () => json(rewardDetail(current)), ...routes } });
  renderApp(`/rewards/${REWARD_ID}`);
  await screen.findByRole('heading', { level: 1, name: / · Reward to 6f1c2b9e…5a6b7c · / });
  await screen.findByRole('region', { name: 'Timeline' });
  return api;
}

function batchPreview(): BatchPreview {
  return {
    batch: batch({ state: 'previewed', requestedBy: { id: 'staff-manager', email: 'manager@sandbox.local' }, rows: 2, invalid: 0, facets: { paid: 0, failed: 0, waiting: 2, blocked: 0, not_paid: 0 }, startedAt: null }),
    notes: [],
  };
}

describe('Amounts name the network’s currency', () => {
  it('in the pay form’s amount hint and in its confirmation, as the app wallet’s network', async () => {
    const { form, user } = await reviewReward(withWallet);
    const amount = form.getByRole('textbox', { name: 'Amount' });
    await expect.poll(() => description(amount)).toContain("In Plat Testnet, the network's currency");
    expect(description(amount)).toContain('e.g. 1.25 Plat Testnet.');

    await user.click(form.getByRole('button', { name: 'Review the reward' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay this reward?' });
    expect(dialog.textContent).toContain(`Pay 1.25 Plat Testnet to the user with uid ${REWARD_UID}, with the memo “Spring contest winner”.`);
  });

  it('leaves the amount bare, never guessed, when the console has no app wallet', async () => {
    const { form, user } = await reviewReward({});
    expect(description(form.getByRole('textbox', { name: 'Amount' }))).toContain('Greater than 0, at most 7 decimal places, e.g. 1.25.');
    await user.click(form.getByRole('button', { name: 'Review the reward' }));
    expect((await screen.findByRole('dialog', { name: 'Pay this reward?' })).textContent).toContain(`Pay 1.25 to the user with uid ${REWARD_UID}`);
  });

  it('on a reward’s page, as its own payment names it, without asking the wallet', async () => {
    const api = await openReward(reward({ network: 'Plat Network' }), withWallet);
    expect(field('Amount').textContent).toBe('1.25 Plat Network');
    expect(api.requests.some((request) => request.url.pathname === '/api/wallet')).toBe(false);
  });

  it('on a reward without a payment yet, as the app wallet’s network, also in its confirmations', async () => {
    const user = userEvent.setup();
    await openReward(reward({ state: 'requested', network: null, paymentId: null, txid: null, transactionLink: null, canCancel: true, canRetry: true }), withWallet);
    await expect.poll(() => field('Amount').textContent).toBe('1.25 Plat Testnet');

    await user.click(screen.getByRole('button', { name: 'Cancel reward' }));
    expect(screen.getByRole('dialog', { name: 'Cancel this reward?' }).textContent).toContain(`User ${REWARD_UID} will not get these 1.25 Plat Testnet`);
  });

  it('in a batch’s total and in the question before it is paid', async () => {
    const user = userEvent.setup();
    stubApi({ signedInAs: 'manager', routes: { ...withWallet, [`GET /api/rewards/batches/${BATCH_ID}`]: () => json(batchPreview()) } });
    renderApp(`/rewards/batches/${BATCH_ID}`);
    await screen.findByRole('button', { name: 'Start paying' });
    await expect.poll(() => field('Total').textContent).toBe('3.5 Plat Testnet');
    await user.click(screen.getByRole('button', { name: 'Start paying' }));
    expect(screen.getByRole('dialog', { name: 'Start paying this batch?' }).textContent).toContain('The console pays 2 rows, 3.5 Plat Testnet in all, each once.');
  });
});
