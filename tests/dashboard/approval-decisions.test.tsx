import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { AwaitingApproval } from '../../dashboard/src/display/approval/awaiting-approval.ts';
import type { BatchPreview } from '../../dashboard/src/display/batch/batch-types.ts';
import { batch, BATCH_ID } from './support/batches.ts';
import { apiError, json, stubApi, type SeenRequest } from './support/fake-api.ts';
import { renderApp } from './support/render-app.tsx';
import { resetDom } from './support/reset-dom.ts';
import { reward, REWARD_ID, REWARD_UID, rewardDetail } from './support/rewards.ts';

afterEach(resetDom);

const REASON = 'We pay spring winners next week, from the new budget.';
const rejection = { by: { id: 'staff-admin', email: 'admin@sandbox.local' }, reason: REASON, at: '2026-05-15T10:00:00.000Z' };
const waiting = reward({ state: 'awaiting_approval', amount: '75', paymentId: null, txid: null, transactionLink: null, canCancel: true, requestedBy: { id: 'staff-other', email: 'other@sandbox.local', apiKey: null } });
const rejected = reward({ ...waiting, state: 'rejected', canCancel: false, rejection });

function batchPreview(overrides: Partial<BatchPreview['batch']> = {}): BatchPreview {
  return {
    batch: batch({ requestedBy: { id: 'staff-other', email: 'other@sandbox.local' }, flags: { duplicateRows: 0, duplicateUsers: 1, overCap: 0, unseenUsers: 0 }, ...overrides }),
    notes: [],
  };
}

const posts = (requests: SeenRequest[]) => requests.filter((request) => request.method === 'POST').map((request) => ({ path: request.url.pathname, body: request.body }));

function field(label: string): HTMLElement {
  const term = screen.getAllByRole('term').find((element) => element.textContent === label);
  const definition = term?.nextElementSibling;
  if (!(definition instanceof HTMLElement)) throw new Error(`no field ${label}`);
  return definition;
}

describe('Approving a reward, on its page', () => {
  it('warns the approver of an earlier reward like it, leaving the reward itself out of the look-up', async () => {
    const earlierId = 'a0000000-0000-4000-8000-000000000001';
    const api = stubApi({
      signedInAs: 'admin',
      routes: {
        [`GET /api/rewards/${REWARD_ID}`]: () => json(rewardDetail(waiting)),
        'GET /api/rewards/look-alike': () => json({ similarTo: { id: earlierId, state: 'completed', requestedBy: { id: 'staff-ops', email: 'ops@sandbox.local', apiKey: null }, requestedAt: '2026-05-15T07:00:00.000Z', batchId: null } }),
      },
    });
    const user = userEvent.setup();
    renderApp(`/rewards/${REWARD_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Approve this reward?' }));
    const warning = await dialog.findByRole('note');
    expect(warning.textContent).toContain('Already asked for: ops@sandbox.local asked to pay this user the same amount with the same memo');
    expect(within(warning).getByRole('link', { name: 'Open the earlier reward' }).getAttribute('href')).toBe(`/rewards/${earlierId}`);
    const asked = api.requests.find((request) => request.url.pathname === '/api/rewards/look-alike');
    expect(Object.fromEntries(asked?.url.searchParams ?? [])).toEqual({ uid: REWARD_UID, amount: '75', memo: waiting.memo, except: REWARD_ID });
    expect(posts(api.requests)).toEqual([]);
  });
});

describe('Rejecting a reward, on its page', () => {
  it('asks a second manager for a reason, rejects the reward with it, and drops it from the sidebar’s count', async () => {
    let current = waiting;
    const api = stubApi({
      signedInAs: 'manager',
      routes: {
        [`GET /api/rewards/${REWARD_ID}`]: () => json(rewardDetail(current)),
        'GET /api/rewards/awaiting-approval': () =>
          json({
            toApprove: current.state === 'awaiting_approval' ? [{ kind: 'reward', id: REWARD_ID, requestedBy: waiting.requestedBy, amount: '75', uid: REWARD_UID, fileName: null, rows: null, requestedAt: waiting.createdAt, rejection: null }] : [],
            mine: [],
          } satisfies AwaitingApproval),
        [`POST /api/rewards/${REWARD_ID}/reject`]: () => {
          current = rejected;
          return json({ reward: rejected });
        },
      },
    });
    const user = userEvent.setup();
    renderApp(`/rewards/${REWARD_ID}`);
    const nav = within(await screen.findByRole('navigation', { name: 'Main' }));
    await nav.findByRole('link', { name: /^Rewards\s*,\s*1 waiting for your approval$/ });
    // What the approver decides on is in view: who asked, for whom, how much.
    await screen.findByRole('region', { name: 'Actions' });
    expect(field('Requested by').textContent).toContain('other@sandbox.local');
    expect(field('Amount').textContent).toBe('75 Plat Testnet');

    const actions = within(screen.getByRole('region', { name: 'Actions' }));
    actions.getByRole('button', { name: 'Approve' });
    await user.click(actions.getByRole('button', { name: 'Reject' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Reject this reward?' }));
    expect(screen.getByRole('dialog').textContent).toContain(`other@sandbox.local asked to pay 75 to user ${REWARD_UID}. Rejected, none of it is paid, and nobody can approve it any more.`);

    await user.click(dialog.getByRole('button', { name: 'Reject reward' }));
    dialog.getByText('Enter a reason: other@sandbox.local reads it.');
    expect(posts(api.requests)).toEqual([]);

    await user.type(dialog.getByRole('textbox', { name: 'Reason' }), `  ${REASON}  `);
    await user.click(dialog.getByRole('button', { name: 'Reject reward' }));
    await expect.poll(() => field('State').textContent).toBe('Rejected');
    expect(screen.queryByRole('dialog')).toBeNull();
    screen.getByText('The reward is rejected: nothing is paid, and its requester sees your reason.');
    screen.getByText(`Reason: ${REASON}`);
    expect(posts(api.requests)).toEqual([{ path: `/api/rewards/${REWARD_ID}/reject`, body: { reason: REASON } }]);
    await expect.poll(() => nav.queryByRole('link', { name: /waiting for your approval/ })).toBeNull();
    nav.getByRole('link', { name: 'Rewards' });
  });

  it('shows a refusal inside the dialog, which stays open', async () => {
    stubApi({
      signedInAs: 'admin',
      routes: {
        [`GET /api/rewards/${REWARD_ID}`]: () => json(rewardDetail(waiting)),
        [`POST /api/rewards/${REWARD_ID}/reject`]: () => apiError(409, 'not_allowed_now', 'A completed reward cannot be rejected.'),
      },
    });
    const user = userEvent.setup();
    renderApp(`/rewards/${REWARD_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Reject this reward?' }));
    await user.type(dialog.getByRole('textbox', { name: 'Reason' }), 'Not this one.');
    await user.click(dialog.getByRole('button', { name: 'Reject reward' }));
    expect((await dialog.findByRole('alert')).textContent).toContain('A completed reward cannot be rejected.');
    screen.getByRole('dialog', { name: 'Reject this reward?' });
  });

  it('offers its requester no Reject, and shows them who rejected it and why', async () => {
    stubApi({ signedInAs: 'manager', routes: { [`GET /api/rewards/${REWARD_ID}`]: () => json(rewardDetail(reward({ ...rejected, requestedBy: { id: 'staff-manager', email: 'manager@sandbox.local', apiKey: null } }))) } });
    renderApp(`/rewards/${REWARD_ID}`);
    await screen.findByText(`Reason: ${REASON}`);
    expect(screen.getByText(/^Rejected by admin@sandbox\.local, /).textContent).toMatch(/\. Nothing was paid\.$/);
    expect(field('State').textContent).toBe('Rejected');
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry reward' })).toBeNull();
  });
});

describe('Rejecting a batch, on its page', () => {
  it('shows the approver who asked, with Approve and Reject, and rejects the batch with a reason', async () => {
    let current = batchPreview();
    const api = stubApi({
      signedInAs: 'manager',
      routes: {
        [`GET /api/rewards/batches/${BATCH_ID}`]: () => json(current),
        [`POST /api/rewards/batches/${BATCH_ID}/reject`]: () => {
          current = batchPreview({ state: 'rejected', rejection, progress: { done: 0, failed: 0, cancelled: 2, remaining: 0, blocked: 0, total: 2, ratePerSecond: null, secondsLeft: null } });
          return json({ batch: current.batch });
        },
      },
    });
    const user = userEvent.setup();
    renderApp(`/rewards/batches/${BATCH_ID}`);
    await screen.findByText('other@sandbox.local');
    expect(field('Requested by').textContent).toBe('other@sandbox.local');
    screen.getByRole('button', { name: 'Approve' });
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Reject this batch?' }));
    expect(screen.getByRole('dialog').textContent).toContain('other@sandbox.local asked to pay 2 rows (3.5 in all).');
    await user.type(dialog.getByRole('textbox', { name: 'Reason' }), REASON);
    await user.click(dialog.getByRole('button', { name: 'Reject batch' }));
    await screen.findByText('Rejected: nothing paid');
    expect(screen.queryByRole('dialog')).toBeNull();
    screen.getByText(`Reason: ${REASON}`);
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
    expect(posts(api.requests)).toEqual([{ path: `/api/rewards/batches/${BATCH_ID}/reject`, body: { reason: REASON } }]);
  });

  it('offers the one who uploaded it no Reject, and ops (who may not approve) neither Approve nor Reject', async () => {
    stubApi({ signedInAs: 'manager', routes: { [`GET /api/rewards/batches/${BATCH_ID}`]: () => json(batchPreview({ requestedBy: { id: 'staff-manager', email: 'manager@sandbox.local' } })) } });
    renderApp(`/rewards/batches/${BATCH_ID}`);
    await screen.findByRole('button', { name: 'Withdraw' });
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
    resetDom();

    stubApi({ signedInAs: 'ops', routes: { [`GET /api/rewards/batches/${BATCH_ID}`]: () => json(batchPreview()) } });
    renderApp(`/rewards/batches/${BATCH_ID}`);
    await screen.findByText('Awaiting approval');
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
  });
});
