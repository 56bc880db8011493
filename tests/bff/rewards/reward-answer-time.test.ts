import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { control, createUser, nativeBalance } from '../../support/emulator-control.ts';
import { storeKinds } from '../../support/test-store.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

interface RewardView {
  id: string;
  state: string;
  error: { code: string; message: string } | null;
  ledgerMs: number | null;
}

/** At the network's pace a transaction waits for its ledger: the request answers before that, and the reward goes on. */
describe.each(storeKinds)('a reward request at the network’s pace on %s', (kind) => {
  let t: TestApp;
  let manager: string;

  beforeAll(async () => {
    // No ledger closes unless the test closes it.
    t = await createTestApp(kind, { rewardChain: true, network: { ledgerCloseMs: 600_000, horizonSubmitTimeoutMs: 60_000 }, rewardAnswerWithinMs: 500 });
    manager = await t.signInAs('manager');
  });
  afterAll(() => t.close());

  it('answers "sent, waiting for the ledger" without waiting for the ledger, and completes once the ledger closes', async () => {
    const user = await createUser(t.emulator);
    const response = await t.request('POST', '/api/rewards', { cookie: manager, body: { uid: user.uid, amount: '3', memo: 'on time' }, headers: { 'idempotency-key': `answer-time-${kind}` } });
    expect(response.status).toBe(201);
    const { reward } = (await response.json()) as { reward: RewardView };
    expect(reward.state).toBe('signed');
    // The page says how long a ledger takes ("Sent; waiting for the ledger (about 5 s)"), from the network's pace.
    expect(reward.ledgerMs).toBeGreaterThanOrEqual(100);
    expect(reward.ledgerMs).toBeLessThanOrEqual(10_000);
    await expect.poll(async () => (await control<{ queued: string[] }>(t.emulator, 'GET', '/ledger/queue')).queued.length, { timeout: 20_000 }).toBe(1);

    await control(t.emulator, 'POST', '/ledger/close');
    const current = async () => ((await (await t.request('GET', `/api/rewards/${reward.id}`, { cookie: manager })).json()) as { reward: RewardView }).reward;
    await expect.poll(async () => (await current()).state, { timeout: 20_000 }).toBe('completed');
    expect((await current()).ledgerMs).toBeNull();
    expect(await nativeBalance(t.emulator, user.wallet_address)).toBe('103.0000000');
  });
});
