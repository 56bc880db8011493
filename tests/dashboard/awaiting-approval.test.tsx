import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Role } from '../../bff/src/domain/roles.ts';
import type { AwaitingApproval, AwaitingItem } from '../../dashboard/src/features/approvals/api/get-awaiting-approval.ts';
import { json, stubApi, type FakeRoute } from './support/fake-api.ts';
import { renderApp } from './support/render-app.tsx';
import { resetDom } from './support/reset-dom.ts';

afterEach(resetDom);

const REWARD_ID = '0b7e3c2a-5f1d-4c8e-9a6b-1d2e3f4a5b6c';
const BATCH_ID = '5e3c1a2b-4d6f-4a8b-9c0d-1e2f3a4b5c6d';
const MY_REWARD_ID = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

const theirReward: AwaitingItem = {
  kind: 'reward',
  id: REWARD_ID,
  requestedBy: { id: 'staff-ops', email: 'ops@sandbox.local' },
  amount: '75',
  uid: 'user-uid-1',
  fileName: null,
  rows: null,
  requestedAt: '2026-05-15T08:00:00.000Z',
};
const theirBatch: AwaitingItem = {
  kind: 'batch',
  id: BATCH_ID,
  requestedBy: { id: 'staff-admin', email: 'admin@sandbox.local' },
  amount: '250.5',
  uid: null,
  fileName: 'winners.csv',
  rows: 12,
  requestedAt: '2026-05-15T09:00:00.000Z',
};
const myReward: AwaitingItem = { ...theirReward, id: MY_REWARD_ID, requestedBy: { id: 'staff-manager', email: 'manager@sandbox.local' }, uid: 'user-uid-2', amount: '60' };

async function rewardsPage(role: Role, routes: Record<string, FakeRoute> = {}) {
  const api = stubApi({ signedInAs: role, routes });
  const user = userEvent.setup();
  renderApp('/rewards');
  await screen.findByRole('heading', { level: 1, name: 'Rewards' });
  return { api, user };
}

const posts = (requests: ReturnType<typeof stubApi>['requests']) => requests.filter((request) => request.method === 'POST').map((request) => request.url.pathname);

describe('What waits for approval, on the Rewards page', () => {
  it('lists what waits for the manager with links and Approve buttons, and approves a batch after confirmation', async () => {
    let answer: AwaitingApproval = { toApprove: [theirReward, theirBatch], mine: [myReward] };
    const { api, user } = await rewardsPage('manager', {
      'GET /api/rewards/awaiting-approval': () => json(answer),
      [`POST /api/rewards/batches/${BATCH_ID}/approve`]: () => {
        answer = { toApprove: [theirReward], mine: [myReward] };
        return json({ batch: {} });
      },
    });
    const section = within(screen.getByRole('region', { name: 'Waiting for approval' }));
    const forMe = within(await section.findByRole('table', { name: 'For you to approve' }));
    expect(section.getByRole('heading', { name: 'For you to approve (2)' })).toBeDefined();
    expect(forMe.getByRole('link', { name: 'Reward to user-uid-1' }).getAttribute('href')).toBe(`/rewards/${REWARD_ID}`);
    expect(forMe.getByRole('link', { name: 'Batch winners.csv (12 rows)' }).getAttribute('href')).toBe(`/rewards/batches/${BATCH_ID}`);
    expect(forMe.getByText('ops@sandbox.local')).toBeDefined();
    expect(forMe.getByText('250.5')).toBeDefined();

    const mine = within(section.getByRole('table', { name: 'Your requests awaiting approval' }));
    expect(mine.getByRole('link', { name: 'Reward to user-uid-2' }).getAttribute('href')).toBe(`/rewards/${MY_REWARD_ID}`);
    expect(mine.queryByRole('button', { name: /^Approve/ })).toBeNull();
    expect(mine.getByRole('button', { name: 'Withdraw reward to user-uid-2' })).toBeDefined();

    await user.click(forMe.getByRole('button', { name: 'Approve batch winners.csv' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve this batch?' });
    expect(dialog.textContent).toContain('The console starts paying the batch winners.csv (12 rows, 250.5 in all), as admin@sandbox.local asked.');
    await user.click(within(dialog).getByRole('button', { name: 'Approve batch' }));
    await expect.poll(() => section.queryByRole('heading', { name: 'For you to approve (1)' })).not.toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posts(api.requests)).toEqual([`/api/rewards/batches/${BATCH_ID}/approve`]);
  });

  it('approves a single reward and withdraws one’s own, through the reward routes', async () => {
    let answer: AwaitingApproval = { toApprove: [theirReward], mine: [myReward] };
    const { api, user } = await rewardsPage('admin', {
      'GET /api/rewards/awaiting-approval': () => json(answer),
      [`POST /api/rewards/${REWARD_ID}/approve`]: () => {
        answer = { ...answer, toApprove: [] };
        return json({ reward: {} });
      },
      [`POST /api/rewards/${MY_REWARD_ID}/cancel`]: () => {
        answer = { ...answer, mine: [] };
        return json({ reward: {} });
      },
    });
    const section = within(screen.getByRole('region', { name: 'Waiting for approval' }));
    await user.click(await section.findByRole('button', { name: 'Approve reward to user-uid-1' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Approve this reward?' })).getByRole('button', { name: 'Approve reward' }));
    expect(await section.findByText('Nothing waits for your approval.')).toBeDefined();

    await user.click(section.getByRole('button', { name: 'Withdraw reward to user-uid-2' }));
    const dialog = screen.getByRole('dialog', { name: 'Withdraw this reward?' });
    expect(dialog.textContent).toContain('Your request for 60 to user user-uid-2 is withdrawn');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw reward' }));
    await expect.poll(() => section.queryByRole('table', { name: 'Your requests awaiting approval' })).toBeNull();
    expect(posts(api.requests)).toEqual([`/api/rewards/${REWARD_ID}/approve`, `/api/rewards/${MY_REWARD_ID}/cancel`]);
  });

  it('shows ops, who may pay but not approve, only their own requests that wait, with Withdraw', async () => {
    const opsReward: AwaitingItem = { ...myReward, requestedBy: { id: 'staff-ops', email: 'ops@sandbox.local' } };
    const { api } = await rewardsPage('ops', { 'GET /api/rewards/awaiting-approval': () => json({ toApprove: [], mine: [opsReward] } satisfies AwaitingApproval) });
    const section = within(screen.getByRole('region', { name: 'Waiting for approval' }));
    expect(await section.findByRole('table', { name: 'Your requests awaiting approval' })).toBeDefined();
    expect(section.getByRole('button', { name: 'Withdraw reward to user-uid-2' })).toBeDefined();
    expect(section.queryByRole('heading', { name: /For you to approve/ })).toBeNull();
    expect(api.requests.some((request) => request.url.pathname === '/api/rewards/awaiting-approval')).toBe(true);
  });

  it('is not shown, nor asked for, where the role cannot pay', async () => {
    const { api } = await rewardsPage('support');
    await screen.findByRole('table', { name: 'Rewards' });
    expect(screen.queryByRole('region', { name: 'Waiting for approval' })).toBeNull();
    expect(api.requests.some((request) => request.url.pathname === '/api/rewards/awaiting-approval')).toBe(false);
  });
});
