import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Role } from '../../bff/src/domain/roles.ts';
import type { AwaitingApproval, AwaitingItem } from '../../dashboard/src/display/approval/awaiting-approval.ts';
import { json, stubApi, type FakeRoute } from './support/fake-api.ts';
import { renderApp } from './support/render-app.tsx';
import { resetDom } from './support/reset-dom.ts';

afterEach(resetDom);

const REWARD_ID = '0b7e3c2a-5f1d-4c8e-9a6b-1d2e3f4a5b6c';
const BATCH_ID = '5e3c1a2b-4d6f-4a8b-9c0d-1e2f3a4b5c6d';
const MY_REWARD_ID = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const REJECTED_BATCH_ID = '3c2b1a0f-9e8d-4c7b-8a69-5f4e3d2c1b0a';

const theirReward: AwaitingItem = {
  kind: 'reward',
  id: REWARD_ID,
  requestedBy: { id: 'staff-ops', email: 'ops@sandbox.local', apiKey: null },
  amount: '75',
  uid: 'user-uid-1',
  fileName: null,
  rows: null,
  requestedAt: '2026-05-15T08:00:00.000Z',
  rejection: null,
};
const theirBatch: AwaitingItem = {
  kind: 'batch',
  id: BATCH_ID,
  requestedBy: { id: 'staff-admin', email: 'admin@sandbox.local', apiKey: null },
  amount: '250.5',
  uid: null,
  fileName: 'winners.csv',
  rows: 12,
  requestedAt: '2026-05-15T09:00:00.000Z',
  rejection: null,
};
const myReward: AwaitingItem = { ...theirReward, id: MY_REWARD_ID, requestedBy: { id: 'staff-manager', email: 'manager@sandbox.local', apiKey: null }, uid: 'user-uid-2', amount: '60' };
const myRejectedBatch: AwaitingItem = {
  ...theirBatch,
  id: REJECTED_BATCH_ID,
  requestedBy: { id: 'staff-manager', email: 'manager@sandbox.local', apiKey: null },
  fileName: 'spring.csv',
  rows: 3,
  rejection: { by: { id: 'staff-admin', email: 'admin@sandbox.local' }, reason: 'Three rows pay the same user twice.', at: '2026-05-15T10:00:00.000Z' },
};

async function rewardsPage(role: Role, routes: Record<string, FakeRoute> = {}) {
  const api = stubApi({ signedInAs: role, routes });
  const user = userEvent.setup();
  renderApp('/rewards');
  await screen.findByRole('heading', { level: 1, name: 'Rewards' });
  return { api, user };
}

const posts = (requests: ReturnType<typeof stubApi>['requests']) => requests.filter((request) => request.method === 'POST').map((request) => request.url.pathname);

describe('What waits for approval, on the Rewards page', () => {
  it('lists what waits for the manager with links to their pages, where alone they are approved or rejected', async () => {
    const { api } = await rewardsPage('manager', { 'GET /api/rewards/awaiting-approval': () => json({ toApprove: [theirReward, theirBatch], mine: [myReward] } satisfies AwaitingApproval) });
    const section = within(screen.getByRole('region', { name: 'Waiting for approval' }));
    const forMe = within(await section.findByRole('table', { name: 'For you to approve' }));
    section.getByRole('heading', { name: 'For you to approve (2)' });
    expect(forMe.getByRole('link', { name: 'Reward to user-uid-1' }).getAttribute('href')).toBe(`/rewards/${REWARD_ID}`);
    expect(forMe.getByRole('link', { name: 'Batch winners.csv (12 rows)' }).getAttribute('href')).toBe(`/rewards/batches/${BATCH_ID}`);
    expect(forMe.getByRole('link', { name: 'Review reward to user-uid-1' }).getAttribute('href')).toBe(`/rewards/${REWARD_ID}`);
    expect(forMe.getByRole('link', { name: 'Review batch winners.csv' }).getAttribute('href')).toBe(`/rewards/batches/${BATCH_ID}`);
    forMe.getByText('ops@sandbox.local');
    forMe.getByText('250.5');
    // Approving never works from the list: no button here approves or rejects.
    expect(forMe.queryAllByRole('button')).toEqual([]);

    const mine = within(section.getByRole('table', { name: 'Your requests awaiting approval' }));
    expect(mine.getByRole('link', { name: 'Reward to user-uid-2' }).getAttribute('href')).toBe(`/rewards/${MY_REWARD_ID}`);
    mine.getByRole('button', { name: 'Withdraw reward to user-uid-2' });
    expect(posts(api.requests)).toEqual([]);
  });

  it('withdraws one’s own request from the list, through the reward routes', async () => {
    let answer: AwaitingApproval = { toApprove: [], mine: [myReward] };
    const { api, user } = await rewardsPage('admin', {
      'GET /api/rewards/awaiting-approval': () => json(answer),
      [`POST /api/rewards/${MY_REWARD_ID}/cancel`]: () => {
        answer = { ...answer, mine: [] };
        return json({ reward: {} });
      },
    });
    const section = within(screen.getByRole('region', { name: 'Waiting for approval' }));
    await section.findByText('Nothing waits for your approval.');
    await user.click(section.getByRole('button', { name: 'Withdraw reward to user-uid-2' }));
    const dialog = screen.getByRole('dialog', { name: 'Withdraw this reward?' });
    expect(dialog.textContent).toContain('Your request for 60 to user user-uid-2 is withdrawn');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw reward' }));
    await expect.poll(() => section.queryByRole('table', { name: 'Your requests awaiting approval' })).toBeNull();
    expect(posts(api.requests)).toEqual([`/api/rewards/${MY_REWARD_ID}/cancel`]);
  });

  it('shows the requester what was rejected, by whom and why', async () => {
    await rewardsPage('manager', { 'GET /api/rewards/awaiting-approval': () => json({ toApprove: [], mine: [myReward, myRejectedBatch] } satisfies AwaitingApproval) });
    const section = within(screen.getByRole('region', { name: 'Waiting for approval' }));
    const rejected = within(await section.findByRole('table', { name: 'Your requests that were rejected' }));
    section.getByRole('heading', { name: 'Your requests that were rejected in the last 7 days (1)' });
    expect(rejected.getByRole('link', { name: 'Batch spring.csv (3 rows)' }).getAttribute('href')).toBe(`/rewards/batches/${REJECTED_BATCH_ID}`);
    rejected.getByText('admin@sandbox.local');
    rejected.getByText('Three rows pay the same user twice.');
    expect(rejected.queryAllByRole('button')).toEqual([]);
    // What still waits stays apart, with its Withdraw.
    const waiting = within(section.getByRole('table', { name: 'Your requests awaiting approval' }));
    expect(waiting.getAllByRole('row')).toHaveLength(2);
    expect(waiting.queryByRole('link', { name: 'Batch spring.csv (3 rows)' })).toBeNull();
  });

  it('shows ops, who may pay but not approve, only their own requests that wait, with Withdraw', async () => {
    const opsReward: AwaitingItem = { ...myReward, requestedBy: { id: 'staff-ops', email: 'ops@sandbox.local', apiKey: null } };
    const { api } = await rewardsPage('ops', { 'GET /api/rewards/awaiting-approval': () => json({ toApprove: [], mine: [opsReward] } satisfies AwaitingApproval) });
    const section = within(screen.getByRole('region', { name: 'Waiting for approval' }));
    await section.findByRole('table', { name: 'Your requests awaiting approval' });
    section.getByRole('button', { name: 'Withdraw reward to user-uid-2' });
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

describe('What waits for the approver, on every page', () => {
  const sidebar = () => within(screen.getByRole('navigation', { name: 'Main' }));

  it('counts it on Rewards in the sidebar and on an overview card that opens the list', async () => {
    stubApi({ signedInAs: 'manager', routes: { 'GET /api/rewards/awaiting-approval': () => json({ toApprove: [theirReward, theirBatch, { ...theirBatch, id: MY_REWARD_ID }], mine: [myReward] } satisfies AwaitingApproval) } });
    const user = userEvent.setup();
    const { router } = renderApp('/');
    await screen.findByRole('navigation', { name: 'Main' });
    const rewardsLink = await sidebar().findByRole('link', { name: /^Rewards\s*,\s*3 waiting for your approval$/ });
    expect(rewardsLink.getAttribute('href')).toBe('/rewards');

    const approvals = within(await screen.findByRole('list', { name: 'Approvals' }));
    const card = approvals.getByRole('link', { name: /^Waiting for your approval\s*:\s*3$/ });
    expect(card.getAttribute('href')).toBe('/rewards');
    approvals.getByText('1 reward and 2 batches asked for by others. Open each to see its rows and warnings, then approve or reject it.');

    await user.click(card);
    expect(router.state.location.pathname).toBe('/rewards');
    await screen.findByRole('table', { name: 'For you to approve' });
  });

  it('says there is nothing waiting on the card, and shows no badge', async () => {
    stubApi({ signedInAs: 'admin' });
    renderApp('/');
    const approvals = within(await screen.findByRole('list', { name: 'Approvals' }));
    approvals.getByRole('link', { name: /^Waiting for your approval\s*:\s*0$/ });
    approvals.getByText('Nothing others asked for waits for you.');
    sidebar().getByRole('link', { name: 'Rewards' });
  });

  it.each<Role>(['ops', 'support'])('shows %s, who may not approve, neither badge nor card, and asks nothing', async (role) => {
    const api = stubApi({ signedInAs: role, routes: { 'GET /api/rewards/awaiting-approval': () => json({ toApprove: [theirReward], mine: [] } satisfies AwaitingApproval) } });
    renderApp('/');
    await screen.findByRole('list', { name: 'Counts' });
    sidebar().getByRole('link', { name: 'Rewards' });
    expect(screen.queryByRole('list', { name: 'Approvals' })).toBeNull();
    expect(api.requests.some((request) => request.url.pathname === '/api/rewards/awaiting-approval')).toBe(false);
  });
});
