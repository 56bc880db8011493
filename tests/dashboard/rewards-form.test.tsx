import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Role } from '../../bff/src/domain/roles.ts';
import { json, stubApi, type FakeRoute, type SeenRequest } from './support/fake-api.ts';
import { currentPath } from './support/location.ts';
import { renderApp } from './support/render-app.tsx';
import { resetDom } from './support/reset-dom.ts';
import { reward, REWARD_ID, REWARD_UID, rewardDetail } from './support/rewards.ts';

afterEach(resetDom);

const PAY = 'POST /api/rewards';
const payRequests = (requests: SeenRequest[]) => requests.filter((request) => request.method === 'POST' && request.url.pathname === '/api/rewards');

async function rewardsPage(role: Role = 'manager', routes: Record<string, FakeRoute> = {}) {
  const api = stubApi({ signedInAs: role, routes: { [`GET /api/rewards/${REWARD_ID}`]: () => json(rewardDetail()), ...routes } });
  const user = userEvent.setup();
  const view = renderApp('/rewards');
  await screen.findByRole('heading', { level: 1, name: 'Rewards' });
  return { api, user, ...view };
}

const form = () => within(screen.getByRole('form', { name: 'Pay a reward' }));

async function fill(user: ReturnType<typeof userEvent.setup>, values: { uid?: string; amount?: string; memo?: string; metadata?: string }) {
  for (const [role, label, value] of [
    ['combobox', 'User uid', values.uid],
    ['textbox', 'Amount', values.amount],
    ['textbox', 'Memo', values.memo],
    ['textbox', 'Metadata (optional)', values.metadata],
  ] as const) {
    const field = form().getByRole(role, { name: label });
    await user.clear(field);
    // user-event reads { and [ as key names; doubled, they are typed as they are.
    if (value) await user.type(field, value.replace(/[{[]/g, (bracket) => bracket + bracket));
  }
}

/** An earlier reward like the one paid in these tests: same user, amount and memo. */
const earlier = { id: 'a0000000-0000-4000-8000-000000000001', state: 'completed', requestedBy: { id: 'staff-ops', email: 'ops@sandbox.local' }, requestedAt: '2026-11-24T18:02:00.000Z', batchId: null };

describe('Paying a reward: the form', () => {
  it.each([
    ['an amount of 0', { amount: '0' }, 'Amount', 'The amount must be greater than 0.'],
    ['8 decimal places', { amount: '1.12345678' }, 'Amount', 'At most 7 decimal places.'],
    ['an exponent', { amount: '1e3' }, 'Amount', 'Enter the amount as digits with at most one point, such as 1.25: no sign, comma, spaces or exponent.'],
    ['an amount a JSON number changes', { amount: '600000000.0000003' }, 'Amount', '600000000.0000003 cannot be sent exactly: the platform would receive 600000000.0000004'],
    ['one stroop over the chain’s maximum', { amount: '922337203685.4775808' }, 'Amount', '922337203685.4775808 is more than the chain can hold (at most 922337203685.4775807)'],
    ['metadata that is not JSON', { metadata: '{campaign: spring}' }, 'Metadata (optional)', 'This is not valid JSON. Write an object such as {"campaign": "spring"}, or leave it empty.'],
    ['metadata that is a list', { metadata: '[1, 2]' }, 'Metadata (optional)', 'Metadata must be a JSON object in braces, such as {"campaign": "spring"}, not a list or a single value.'],
  ])('refuses %s with a message at the field, and sends nothing', async (_case, change, label, message) => {
    const { api, user } = await rewardsPage();
    await fill(user, { uid: REWARD_UID, amount: '1.25', memo: 'Spring contest winner', ...change });
    await user.click(form().getByRole('button', { name: 'Review the reward' }));

    const field = form().getByRole('textbox', { name: label });
    expect(field.getAttribute('aria-invalid')).toBe('true');
    form().getByText(message);
    expect(document.activeElement).toBe(field);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(payRequests(api.requests)).toHaveLength(0);
  });

  it('asks for the uid, the amount and the memo when they are missing', async () => {
    const { api, user } = await rewardsPage();
    await user.click(form().getByRole('button', { name: 'Review the reward' }));
    form().getByText('Enter the uid of the user to pay.');
    form().getByText('Enter an amount, such as 1.25.');
    form().getByText('Enter a memo: the user sees it with the payment.');
    expect(document.activeElement).toBe(form().getByRole('combobox', { name: 'User uid' }));
    expect(payRequests(api.requests)).toHaveLength(0);
  });

  it('says in words who gets what before anything is sent, and Escape closes it without paying', async () => {
    const { api, user } = await rewardsPage();
    await fill(user, { uid: REWARD_UID, amount: '1.25', memo: 'Spring contest winner', metadata: '{"campaign": "spring", "round": 2}' });
    await user.tab();
    expect(document.activeElement).toBe(form().getByRole('button', { name: 'Review the reward' }));
    await user.keyboard('{Enter}');

    const dialog = await screen.findByRole('dialog', { name: 'Pay this reward?' });
    expect(dialog.textContent).toContain(`Pay 1.25 to the user with uid ${REWARD_UID}, with the memo “Spring contest winner”.`);
    expect(dialog.textContent).toContain('Metadata: 2 keys (campaign, round).');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(payRequests(api.requests)).toHaveLength(0);
  });

  it('warns before paying when the same user was asked to be paid the same amount with the same memo in the last day, and links that reward', async () => {
    const { api, user } = await rewardsPage('manager', { 'GET /api/rewards/look-alike': () => json({ similarTo: earlier }) });
    await fill(user, { uid: REWARD_UID, amount: '1.25', memo: 'Spring contest winner' });
    await user.click(form().getByRole('button', { name: 'Review the reward' }));

    const dialog = await screen.findByRole('dialog', { name: 'Pay this reward?' });
    const note = await within(dialog).findByRole('note');
    expect(note.textContent).toContain('Already asked for: ops@sandbox.local asked to pay this user the same amount with the same memo on');
    expect(within(note).getByRole('link', { name: 'Open the earlier reward' }).getAttribute('href')).toBe(`/rewards/${earlier.id}`);
    const asked = api.requests.find((request) => request.url.pathname === '/api/rewards/look-alike');
    expect(Object.fromEntries(asked?.url.searchParams ?? [])).toEqual({ uid: REWARD_UID, amount: '1.25', memo: 'Spring contest winner' });
  });

  it('confirms the look-alike it warned about: paying says so to the server', async () => {
    const { api, user } = await rewardsPage('manager', { 'GET /api/rewards/look-alike': () => json({ similarTo: earlier }), [PAY]: () => json({ reward: reward(), similarTo: earlier }, 201) });
    await fill(user, { uid: REWARD_UID, amount: '1.25', memo: 'Spring contest winner' });
    await user.click(form().getByRole('button', { name: 'Review the reward' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay this reward?' });
    await within(dialog).findByRole('note');
    await user.click(within(dialog).getByRole('button', { name: 'Pay reward' }));
    await screen.findByRole('heading', { level: 1, name: / · Reward to 6f1c2b9e…5a6b7c · / });
    expect(payRequests(api.requests).map((request) => request.body)).toEqual([{ uid: REWARD_UID, amount: '1.25', memo: 'Spring contest winner', metadata: {}, confirmLookAlike: true }]);
  });

  it('shows the look-alike the server names when it refuses one asked for meanwhile, keeps the form, and pays again with the same key once confirmed', async () => {
    let answers = 0;
    const pay: FakeRoute = () => {
      answers += 1;
      if (answers > 1) return json({ reward: reward(), similarTo: earlier }, 201);
      return json({ error: { code: 'look_alike', message: 'ops@sandbox.local already asked to pay this user 1.25 with the same memo.', requestId: 'req-2', details: { rewardId: earlier.id, similarTo: earlier } } }, 409);
    };
    const { api, user, router } = await rewardsPage('manager', { [PAY]: pay });
    await fill(user, { uid: REWARD_UID, amount: '1.25', memo: 'Spring contest winner' });
    await user.click(form().getByRole('button', { name: 'Review the reward' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay this reward?' });
    expect(within(dialog).queryByRole('note')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Pay reward' }));

    expect((await within(dialog).findByRole('alert')).textContent).toContain('Nothing was paid: an earlier reward like this one was asked for (above).');
    const note = within(dialog).getByRole('note');
    expect(note.textContent).toContain('Already asked for: ops@sandbox.local asked to pay this user the same amount with the same memo on');
    expect(within(note).getByRole('link', { name: 'Open the earlier reward' }).getAttribute('href')).toBe(`/rewards/${earlier.id}`);
    expect((form().getByRole('textbox', { name: 'Amount' }) as HTMLInputElement).value).toBe('1.25');
    expect((form().getByRole('textbox', { name: 'Memo' }) as HTMLTextAreaElement).value).toBe('Spring contest winner');

    await user.click(within(dialog).getByRole('button', { name: 'Pay again anyway' }));
    await screen.findByRole('heading', { level: 1, name: / · Reward to 6f1c2b9e…5a6b7c · / });
    expect(currentPath(router)).toBe(`/rewards/${REWARD_ID}`);
    const [refused, confirmed] = payRequests(api.requests);
    expect(refused?.body).toEqual({ uid: REWARD_UID, amount: '1.25', memo: 'Spring contest winner', metadata: {} });
    expect(confirmed?.body).toEqual({ uid: REWARD_UID, amount: '1.25', memo: 'Spring contest winner', metadata: {}, confirmLookAlike: true });
    expect(confirmed?.headers.get('idempotency-key')).toBe(refused?.headers.get('idempotency-key'));
  });

  it('says nothing more when no earlier reward looks like this one', async () => {
    const { user } = await rewardsPage('manager', { 'GET /api/rewards/look-alike': () => json({ similarTo: null }) });
    await fill(user, { uid: REWARD_UID, amount: '1.25', memo: 'Spring contest winner' });
    await user.click(form().getByRole('button', { name: 'Review the reward' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay this reward?' });
    expect(within(dialog).queryByRole('note')).toBeNull();
  });

  it('sends one Idempotency-Key per submission: the same one when it is sent again after a network error, a new one for the next', async () => {
    let answers = 0;
    const pay: FakeRoute = () => {
      answers += 1;
      if (answers === 1) throw new TypeError('Failed to fetch');
      return json({ reward: reward() }, 201);
    };
    const { api, user, router } = await rewardsPage('manager', { [PAY]: pay });
    await fill(user, { uid: REWARD_UID, amount: '1.25', memo: 'Spring contest winner' });
    await user.click(form().getByRole('button', { name: 'Review the reward' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Pay reward' }));

    const dialog = screen.getByRole('dialog');
    expect((await within(dialog).findByRole('alert')).textContent).toContain('The console server could not be reached.');
    expect(dialog.textContent).toContain('it is paid at most once');
    await user.click(within(dialog).getByRole('button', { name: 'Send the same request again' }));
    await screen.findByRole('heading', { level: 1, name: / · Reward to 6f1c2b9e…5a6b7c · / });
    expect(currentPath(router)).toBe(`/rewards/${REWARD_ID}`);

    await act(() => router.navigate('/rewards'));
    await fill(user, { uid: REWARD_UID, amount: '1.25', memo: 'Spring contest winner' });
    await user.click(form().getByRole('button', { name: 'Review the reward' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Pay reward' }));
    await screen.findByRole('heading', { level: 1, name: / · Reward to 6f1c2b9e…5a6b7c · / });

    const [first, again, next] = payRequests(api.requests).map((request) => request.headers.get('idempotency-key'));
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(again).toBe(first);
    expect(next).not.toBe(first);
    expect(payRequests(api.requests)[0]?.body).toEqual({ uid: REWARD_UID, amount: '1.25', memo: 'Spring contest winner', metadata: {} });
  });

  it('shows the server’s refusal in the dialog, and a new key after a refusal', async () => {
    const { api, user } = await rewardsPage('manager', {
      [PAY]: () => json({ error: { code: 'invalid_input', message: 'amount: must be a decimal string greater than 0', requestId: 'req-1' } }, 400),
    });
    await fill(user, { uid: REWARD_UID, amount: '1.25', memo: 'Spring contest winner' });
    await user.click(form().getByRole('button', { name: 'Review the reward' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Pay reward' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('amount: must be a decimal string greater than 0');
    await user.click(within(dialog).getByRole('button', { name: 'Pay reward' }));
    await expect.poll(() => payRequests(api.requests).length).toBe(2);
    const [first, second] = payRequests(api.requests).map((request) => request.headers.get('idempotency-key'));
    expect(second).not.toBe(first);
  });

  it('is not shown to support, who may only read rewards', async () => {
    await rewardsPage('support');
    await screen.findByRole('table', { name: 'Rewards' });
    expect(screen.queryByRole('form', { name: 'Pay a reward' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Pay a reward' })).toBeNull();
  });
});
