import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttentionCounts } from '../../../bff/src/overview/attention-counts.ts';
import type { RewardView } from '../../../bff/src/rewards/reward-view.ts';
import { payFromAppWallet } from '../../support/chain-transactions.ts';
import { clearFaults, createUser, setFaults } from '../../support/emulator-control.ts';
import { storeKinds } from '../../support/test-store.ts';
import { batchCalls } from '../support/batches.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** What waits for a person on the overview: rewards a person must see to, held-up batches, open exceptions. */
describe.each(storeKinds)('the overview’s attention counts on %s', (kind) => {
  let t: TestApp;
  let manager: string;
  const attention = async () => ((await (await t.request('GET', '/api/overview', { cookie: manager })).json()) as { attention: AttentionCounts }).attention;
  const pay = async (uid: string, key: string) =>
    ((await (await t.request('POST', '/api/rewards', { cookie: manager, body: { uid, amount: '1', memo: 'attention' }, headers: { 'idempotency-key': `${key}-${kind}` } })).json()) as { reward: RewardView }).reward;

  beforeAll(async () => {
    t = await createTestApp(kind, { rewardChain: true });
    manager = await t.signInAs('manager');
  });
  afterAll(() => t.close());

  it('counts nothing on a quiet console', async () => {
    expect(await attention()).toEqual({ rewardsNeedingAttention: 0, heldUpBatches: 0, openExceptions: 0 });
  });

  it('counts a reward a retry can mend but not one no retry can, a paused batch, and an exception until it is acknowledged', async () => {
    const [user, batchUser, stranger] = await Promise.all([createUser(t.emulator), createUser(t.emulator), createUser(t.emulator)]);
    await setFaults(t.emulator, [{ route: 'POST /v2/payments', kind: 'error', status: 400, times: 1 }]);
    expect((await pay(user.uid, 'mendable')).state).toBe('failed');
    await clearFaults(t.emulator);
    expect((await pay('no-such-user', 'hopeless')).error?.code).toBe('user_not_found');

    const batches = batchCalls(t, manager);
    const batch = await batches.upload(`uid,amount,memo\n${batchUser.uid},1,held\n`);
    await batches.start(batch);
    expect((await t.request('POST', `/api/rewards/batches/${batch}/pause`, { cookie: manager })).status).toBe(200);

    await payFromAppWallet(t.emulator, { to: stranger.wallet_address, amount: '0.5', memo: 'old script' });
    await t.services.reconciliation.runNow();
    expect(await attention()).toEqual({ rewardsNeedingAttention: 1, heldUpBatches: 1, openExceptions: 1 });

    const ops = await t.signInAs('ops');
    const { exceptions } = (await (await t.request('GET', '/api/reconciliation/exceptions', { cookie: ops })).json()) as { exceptions: Array<{ id: string }> };
    await t.request('POST', `/api/reconciliation/exceptions/${exceptions[0]?.id}/acknowledge`, { cookie: ops, body: { note: 'an old script of ours' } });
    expect((await attention()).openExceptions).toBe(0);
  });
});
