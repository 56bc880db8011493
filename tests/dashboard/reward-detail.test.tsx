import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '../../bff/src/domain/roles.ts';
import type { Reward } from '../../dashboard/src/display/reward/reward-types.ts';
import { apiError, json, stubApi, type FakeRoute, type SeenRequest } from './support/fake-api.ts';
import { renderApp } from './support/render-app.tsx';
import { resetDom } from './support/reset-dom.ts';
import { BLOCKING_PAYMENT_ID, reward, REWARD_ID, REWARD_PAYMENT_ID, REWARD_TXID, REWARD_UID, rewardDetail } from './support/rewards.ts';

afterEach(resetDom);

/** How often an unfinished reward is read again (the SPA's UNFINISHED_REWARD_REFRESH_MS). */
const READ_AGAIN_MS = 3_000;

const DETAIL = `GET /api/rewards/${REWARD_ID}`;
const RETRY = `POST /api/rewards/${REWARD_ID}/retry`;
const CANCEL = `POST /api/rewards/${REWARD_ID}/cancel`;
const APPROVE = `POST /api/rewards/${REWARD_ID}/approve`;

const detailReads = (requests: SeenRequest[]) => requests.filter((request) => request.method === 'GET' && request.url.pathname === `/api/rewards/${REWARD_ID}`);

async function openReward({ current = reward(), role = 'manager', routes = {} }: { current?: Reward; role?: Role; routes?: Record<string, FakeRoute> } = {}) {
  const api = stubApi({ signedInAs: role, routes: { [DETAIL]: () => json(rewardDetail(current)), ...routes } });
  const user = userEvent.setup();
  const view = renderApp(`/rewards/${REWARD_ID}`);
  await screen.findByRole('heading', { level: 1, name: / · Reward to 6f1c2b9e…5a6b7c · / });
  await screen.findByRole('region', { name: 'Timeline' });
  return { api, user, ...view };
}

function field(label: string): HTMLElement {
  const term = screen.getAllByRole('term').find((element) => element.textContent === label);
  const definition = term?.nextElementSibling;
  if (!(definition instanceof HTMLElement)) throw new Error(`no field ${label}`);
  return definition;
}

const failed = reward({
  state: 'failed',
  paymentId: null,
  txid: null,
  transactionLink: null,
  canRetry: true,
  error: { code: 'too_many_payments', message: 'The platform refuses more payments for now.' },
});
/** Failed for a reason a retry cannot mend: the server offers no retry. */
const hopeless = reward({
  ...failed,
  canRetry: false,
  error: {
    code: 'missing_scope',
    message: 'The user has not shared their wallet address with the app: they must sign in to the app again and allow it. Ask the user to do so: until then no retry can pay them. Once they have, a manager can pay them as a new reward.',
  },
});

describe('Reward detail', () => {
  it('shows the reward’s fields with copy buttons, its transaction link, and the recovery-point timeline newest first', async () => {
    await openReward({ role: 'support' });
    within(field('Reward id')).getByRole('button', { name: 'Copy the reward id' });
    expect(field('State').textContent).toBe('Completed');
    expect(field('User uid').textContent).toContain(REWARD_UID);
    expect(field('Amount').textContent).toBe('1.25 Plat Testnet');
    expect(field('Requested by').textContent).toContain('manager@sandbox.local');
    expect(within(field('Payment')).getByRole('link', { name: REWARD_PAYMENT_ID }).getAttribute('href')).toBe(`/payments/${REWARD_PAYMENT_ID}`);
    within(field('Transaction id')).getByRole('button', { name: 'Copy the txid' });
    expect(within(field('Transaction link')).getByRole('link').getAttribute('href')).toBe(`https://horizon.example/transactions/${REWARD_TXID}`);
    expect(screen.getByLabelText('Metadata JSON').textContent).toBe(JSON.stringify({ campaign: 'spring' }, null, 2));

    const steps = within(screen.getByRole('region', { name: 'Timeline' })).getAllByRole('listitem');
    expect(steps.map((step) => step.querySelector('p')?.textContent)).toEqual(['Completed', 'Transaction sent to the blockchain', 'Payment created', 'Requested']);
    within(steps[2] as HTMLElement).getByRole('link', { name: REWARD_PAYMENT_ID });
  });

  it('says in its header how much, to whom and where it stands, what happened in one sentence, with its id to copy and its transaction by name', async () => {
    await openReward({ role: 'support' });
    const header = screen.getByRole('heading', { level: 1 }).closest('header');
    if (!header) throw new Error('no header');
    const top = within(header);
    expect(top.getByRole('heading', { level: 1 }).textContent).toBe('1.25 Plat Testnet · Reward to 6f1c2b9e…5a6b7c · Completed');
    expect(header.textContent).toMatch(/Paid to user 6f1c2b9e…5a6b7c on .+, as asked by manager@sandbox\.local\./);
    expect(top.getByRole('link', { name: 'user 6f1c2b9e…5a6b7c' }).getAttribute('href')).toBe(`/users/${REWARD_UID}`);
    expect(top.getByRole('time').getAttribute('datetime')).toBe('2026-05-15T08:00:05.000Z');
    top.getByText(REWARD_ID);
    top.getByRole('button', { name: 'Copy the reward id' });
    const transaction = top.getByRole('link', { name: 'Transaction dddddddd…dddddd on the blockchain' });
    expect(transaction.getAttribute('href')).toBe(`https://horizon.example/transactions/${REWARD_TXID}`);
    expect(transaction.getAttribute('title')).toBe(`https://horizon.example/transactions/${REWARD_TXID}`);
  });

  it('shows a javascript: transaction link as text only', async () => {
    await openReward({ current: reward({ transactionLink: 'javascript:alert(1)' }) });
    expect(within(field('Transaction link')).queryByRole('link')).toBeNull();
    expect(document.querySelector('a[href^="javascript"]')).toBeNull();
  });

  it('says in plain words why a failed reward failed, and offers no retry where none can pay it', async () => {
    await openReward({ current: hopeless });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('The user has not shared their wallet address with the app');
    expect(alert.textContent).toContain('until then no retry can pay them. Once they have, a manager can pay them as a new reward.');
    expect(alert.textContent).toContain('code missing_scope');
    expect(field('State').textContent).toBe('Failed');
    expect(screen.queryByRole('button', { name: 'Retry reward' })).toBeNull();
    resetDom();

    await openReward({ current: failed });
    screen.getByRole('button', { name: 'Retry reward' });
  });

  it('shows a step met again and again once, with how many times and when last', async () => {
    stubApi({
      signedInAs: 'manager',
      routes: {
        [DETAIL]: () =>
          json({
            reward: reward({ state: 'requested', paymentId: null, txid: null, transactionLink: null, blockedBy: BLOCKING_PAYMENT_ID, canRetry: true, canCancel: true }),
            events: [
              { at: '2026-05-15T08:00:00.000Z', state: 'requested', step: 'requested', detail: {}, repeats: 1, lastAt: null },
              { at: '2026-05-15T08:00:01.000Z', state: 'requested', step: 'create_sent', detail: {}, repeats: 1, lastAt: null },
              { at: '2026-05-15T08:00:02.000Z', state: 'requested', step: 'blocked', detail: { blockingPaymentId: BLOCKING_PAYMENT_ID }, repeats: 1, lastAt: null },
              { at: '2026-05-15T08:00:03.000Z', state: 'requested', step: 'create_sent', detail: {}, repeats: 40, lastAt: '2026-05-15T08:01:21.000Z' },
            ],
          }),
      },
    });
    renderApp(`/rewards/${REWARD_ID}`);
    const steps = within(await screen.findByRole('region', { name: 'Timeline' })).getAllByRole('listitem');
    expect(steps).toHaveLength(4);
    expect(steps[0]?.textContent).toContain('40 times, the last at May 15, 2026, 8:01:21 AM UTC');
    expect(steps.slice(1).some((step) => /times, the last at/.test(step.textContent ?? ''))).toBe(false);
  });

  it('says why each step happened in words, the console’s own codes too, with the code small for support to quote', async () => {
    const at = (second: number) => `2026-05-15T08:00:0${second}.000Z`;
    stubApi({
      signedInAs: 'manager',
      routes: {
        [DETAIL]: () =>
          json(
            rewardDetail(reward(), [
              { at: at(0), state: 'requested', step: 'waiting', detail: { code: 'needs_funds', shortfall: '0.005' }, repeats: 1, lastAt: null },
              { at: at(1), state: 'created', step: 'waiting', detail: { code: 'awaiting_wallet' }, repeats: 1, lastAt: null },
              { at: at(2), state: 'submitted', step: 'waiting', detail: { code: 'awaiting_ledger' }, repeats: 1, lastAt: null },
              { at: at(3), state: 'requested', step: 'failed', detail: { code: 'too_many_cancelled_payments' }, repeats: 1, lastAt: null },
              { at: at(4), state: 'requested', step: 'waiting', detail: { code: 'a_code_nobody_worded' }, repeats: 1, lastAt: null },
            ]),
          ),
      },
    });
    renderApp(`/rewards/${REWARD_ID}`);
    const steps = within(await screen.findByRole('region', { name: 'Timeline' })).getAllByRole('listitem');
    // The fact's label and value are apart: "Why" then the words.
    const why = (step: HTMLElement) => /(Why|Code):?(.*)$/.exec(step.textContent ?? '')?.slice(1).join(': ');
    expect(steps.map(why)).toEqual([
      'Code: a_code_nobody_worded',
      'Why: This user has too many cancelled payments; the platform refuses new ones. (code too_many_cancelled_payments)',
      'Why: Sent; waiting for the ledger (one closes about every 5 s). (code awaiting_ledger)',
      'Why: The payment is created and waits for its blockchain transaction: the console has no app wallet to sign it with (its seed and Horizon address are not set). (code awaiting_wallet)',
      'Why: The app wallet lacked 0.005 to pay it and its fee beside the rewards already under way; nothing was sent. (code needs_funds)',
    ]);
  });

  it('names and links the payment that blocks the reward, to finish or cancel it', async () => {
    await openReward({
      current: reward({
        state: 'requested',
        paymentId: null,
        txid: null,
        transactionLink: null,
        blockedBy: BLOCKING_PAYMENT_ID,
        canRetry: true,
        canCancel: true,
        error: { code: 'ongoing_payment_found', message: 'Another app-to-user payment is still open; the platform allows one at a time. Finish or cancel it and this reward goes on.' },
      }),
    });
    const note = screen.getByText(/Blocked by payment/).closest('[role="status"]');
    if (!(note instanceof HTMLElement)) throw new Error('no blocked note');
    expect(note.textContent).toContain(BLOCKING_PAYMENT_ID);
    expect(within(note).getByRole('link', { name: `Finish or cancel payment ${BLOCKING_PAYMENT_ID}` }).getAttribute('href')).toBe(`/payments/${BLOCKING_PAYMENT_ID}`);
  });

  it('says a sent reward waits for its ledger, and how long a ledger takes at the network’s pace', async () => {
    await openReward({ current: reward({ state: 'signed', ledgerMs: 5_300, canRetry: true }) });
    expect(field('State').textContent).toBe('Sent; waiting for the ledger (about 5 s)');
  });

  it('says a created reward waits for its transaction because the console has no app wallet', async () => {
    await openReward({
      current: reward({
        state: 'created',
        txid: null,
        transactionLink: null,
        canRetry: true,
        canCancel: true,
        error: { code: 'awaiting_wallet', message: 'The payment is created and waits for its blockchain transaction: the console has no app wallet to sign it with (its seed and Horizon address are not set).' },
      }),
    });
    screen.getByText('Waiting for its transaction: the console has no app wallet configured, so nobody can sign it.');
    expect(field('State').textContent).toBe('Paying… (payment created)');
    screen.getByText(/read again every 3 seconds/);
  });

  it('reads an unfinished reward again until it settles', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let reads = 0;
    const { api } = await openReward({
      routes: {
        [DETAIL]: () => {
          reads += 1;
          return json(rewardDetail(reads === 1 ? reward({ state: 'submitted' }) : reward()));
        },
      },
    });
    await expect.poll(() => field('State').textContent).toBe('Paying… (on the ledger, completing)');
    await act(() => vi.advanceTimersByTimeAsync(READ_AGAIN_MS));
    await expect.poll(() => field('State').textContent).toBe('Completed');
    // Several more read-again periods pass on the fake clock: no further read once it has settled.
    await act(() => vi.advanceTimersByTimeAsync(READ_AGAIN_MS * 4));
    expect(detailReads(api.requests)).toHaveLength(2);
  });

  it('offers retry and cancel only where the server says they are safe, and only to roles that pay rewards', async () => {
    await openReward({ current: reward() });
    expect(screen.queryByRole('region', { name: 'Actions' })).toBeNull();
    resetDom();

    await openReward({ current: failed });
    const actions = within(screen.getByRole('region', { name: 'Actions' }));
    actions.getByRole('button', { name: 'Retry reward' });
    expect(actions.queryByRole('button', { name: 'Cancel reward' })).toBeNull();
    resetDom();

    await openReward({ current: failed, role: 'support' });
    expect(screen.queryByRole('region', { name: 'Actions' })).toBeNull();
  });

  it('retries after confirmation and reads the reward again', async () => {
    let retried = false;
    const { api, user } = await openReward({
      current: failed,
      routes: {
        [DETAIL]: () => json(rewardDetail(retried ? reward() : failed)),
        [RETRY]: () => {
          retried = true;
          return json({ reward: reward() });
        },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Retry reward' }));
    const dialog = screen.getByRole('dialog', { name: 'Retry this reward?' });
    expect(dialog.textContent).toContain('asks the platform again to create the payment');
    await user.click(within(dialog).getByRole('button', { name: 'Retry reward' }));
    await expect.poll(() => field('State').textContent).toBe('Completed');
    expect(api.requests.filter((request) => request.method === 'POST').map((request) => request.url.pathname)).toEqual([`/api/rewards/${REWARD_ID}/retry`]);
  });

  it('shows a refused cancel in the dialog, and Escape closes it', async () => {
    const { user } = await openReward({
      current: reward({ state: 'created', canCancel: true, canRetry: true, txid: null, transactionLink: null }),
      routes: { [CANCEL]: () => apiError(409, 'reward_busy', 'The console is working on this reward right now; try again in a moment.') },
    });
    await user.click(screen.getByRole('button', { name: 'Cancel reward' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this reward?' });
    expect(dialog.textContent).toContain(`The console first cancels its payment, ${REWARD_PAYMENT_ID}, on the platform.`);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel reward' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('The console is working on this reward right now');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers a second manager or admin to approve a reward awaiting approval, and pays it after confirmation', async () => {
    const held = reward({ state: 'awaiting_approval', amount: '75', paymentId: null, txid: null, transactionLink: null, canCancel: true, requestedBy: { id: 'staff-other', email: 'other@sandbox.local', apiKey: null } });
    let approved = false;
    const { api, user } = await openReward({
      current: held,
      role: 'admin',
      routes: {
        [DETAIL]: () => json(rewardDetail(approved ? reward({ amount: '75', approvedBy: 'staff-admin' }) : held)),
        [APPROVE]: () => {
          approved = true;
          return json({ reward: reward({ amount: '75', approvedBy: 'staff-admin' }) });
        },
      },
    });
    const actions = within(screen.getByRole('region', { name: 'Actions' }));
    // Only its requester withdraws it: nobody else may cancel it while it waits.
    expect(actions.queryByRole('button', { name: 'Withdraw' })).toBeNull();
    expect(actions.queryByRole('button', { name: 'Cancel reward' })).toBeNull();
    await user.click(actions.getByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve this reward?' });
    expect(dialog.textContent).toContain(`The console pays 75 to user ${REWARD_UID} now, as other@sandbox.local asked.`);
    await user.click(within(dialog).getByRole('button', { name: 'Approve reward' }));
    await expect.poll(() => field('State').textContent).toBe('Completed');
    screen.getByText('The reward is approved and being paid; its state below is the latest.');
    expect(api.requests.filter((request) => request.method === 'POST').map((request) => request.url.pathname)).toEqual([`/api/rewards/${REWARD_ID}/approve`]);
  });

  it('offers its requester to withdraw it (a cancel) but not to approve it, and shows a refused approval', async () => {
    const mine = reward({ state: 'awaiting_approval', paymentId: null, txid: null, transactionLink: null, canCancel: true });
    let withdrawn = false;
    const { api, user } = await openReward({
      current: mine,
      routes: {
        [DETAIL]: () => json(rewardDetail(withdrawn ? reward({ state: 'cancelled', paymentId: null, txid: null, transactionLink: null }) : mine)),
        [CANCEL]: () => {
          withdrawn = true;
          return json({ reward: reward({ state: 'cancelled' }) });
        },
      },
    });
    const actions = within(screen.getByRole('region', { name: 'Actions' }));
    expect(actions.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(actions.queryByRole('button', { name: 'Cancel reward' })).toBeNull();
    await user.click(actions.getByRole('button', { name: 'Withdraw' }));
    const dialog = screen.getByRole('dialog', { name: 'Withdraw this reward?' });
    expect(dialog.textContent).toContain('nothing is paid, and nobody can approve it any more');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw reward' }));
    await expect.poll(() => field('State').textContent).toBe('Cancelled');
    expect(api.requests.filter((request) => request.method === 'POST').map((request) => request.url.pathname)).toEqual([`/api/rewards/${REWARD_ID}/cancel`]);
    resetDom();

    const other = reward({ state: 'awaiting_approval', paymentId: null, txid: null, transactionLink: null, canCancel: true, requestedBy: { id: 'staff-other', email: 'other@sandbox.local', apiKey: null } });
    const refused = await openReward({ current: other, routes: { [APPROVE]: () => apiError(403, 'own_request', 'You asked for this reward: another manager or admin must approve it.') } });
    await refused.user.click(screen.getByRole('button', { name: 'Approve' }));
    const approveDialog = screen.getByRole('dialog', { name: 'Approve this reward?' });
    await refused.user.click(within(approveDialog).getByRole('button', { name: 'Approve reward' }));
    expect((await within(approveDialog).findByRole('alert')).textContent).toContain('another manager or admin must approve it');
  });

  it('offers ops (who may pay but not approve) nothing on another’s waiting reward, and sends a batch row to its batch', async () => {
    const held = reward({ state: 'awaiting_approval', paymentId: null, txid: null, transactionLink: null, canCancel: true, requestedBy: { id: 'staff-other', email: 'other@sandbox.local', apiKey: null } });
    await openReward({ current: held, role: 'ops' });
    expect(screen.queryByRole('region', { name: 'Actions' })).toBeNull();
    resetDom();

    const BATCH_ID = '5e3c1a2b-4d6f-4a8b-9c0d-1e2f3a4b5c6d';
    await openReward({ current: { ...held, batchId: BATCH_ID } });
    const actions = within(screen.getByRole('region', { name: 'Actions' }));
    expect(actions.queryByRole('button')).toBeNull();
    expect(actions.getByRole('link', { name: 'its batch' }).getAttribute('href')).toBe(`/rewards/batches/${BATCH_ID}`);
  });

  it('does not ask the server for something that is not a reward id', async () => {
    const api = stubApi();
    renderApp('/rewards/not-a-reward');
    await screen.findByRole('heading', { name: 'This is not a reward id' });
    // The sidebar's count of what awaits the admin's approval is read on every page; nothing else under /api/rewards/ is.
    expect(api.requests.some((request) => request.url.pathname.startsWith('/api/rewards/') && request.url.pathname !== '/api/rewards/awaiting-approval')).toBe(false);
  });
});
