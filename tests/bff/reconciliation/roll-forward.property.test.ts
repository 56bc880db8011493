import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedAmount, fromScaled } from '../../../common/amount.ts';
import type { RollForward } from '../../../bff/src/reconciliation/roll-forward.ts';
import { payAppWallet, payFromAppWallet } from '../../support/chain-transactions.ts';
import { nativeBalance, stroops, type ControlUser } from '../../support/emulator-control.ts';
import { storeKinds } from '../../support/test-store.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createUser, failedOutflow, paidOutsideConsole, userPaidU2A } from './out-of-band.ts';

type Move =
  | { kind: 'reward' | 'outside' | 'out_of_band_out' | 'inflow' | 'u2a'; stroops: number }
  | { kind: 'failed' };

const amount = fc.integer({ min: 1, max: 20_000_000 });
const move: fc.Arbitrary<Move> = fc.oneof(
  fc.record({ kind: fc.constantFrom('reward', 'outside', 'out_of_band_out', 'inflow', 'u2a'), stroops: amount }),
  fc.constant({ kind: 'failed' as const }),
);

/** Whatever mix of money moves, read back it ties the wallet's balance to the stroop. */
describe.each(storeKinds)('the roll-forward on %s', (kind) => {
  let t: TestApp;
  let manager: string;
  let ops: string;
  let user: ControlUser;
  let rewards = 0;

  beforeAll(async () => {
    t = await createTestApp(kind, { rewardChain: true });
    [manager, ops] = await Promise.all([t.signInAs('manager'), t.signInAs('ops')]);
    user = await createUser(t.emulator);
    // Anchored on an empty history: every later move must be explained by what the runs read.
    await t.services.reconciliation.runNow();
  });
  afterAll(() => t.close());

  async function perform(step: Move): Promise<void> {
    if (step.kind === 'failed') {
      await failedOutflow(t, user);
      return;
    }
    const value = fromScaled(BigInt(step.stroops));
    if (step.kind === 'reward') {
      rewards += 1;
      const answer = await t.request('POST', '/api/rewards', { cookie: manager, body: { uid: user.uid, amount: value, memo: 'property' }, headers: { 'idempotency-key': `property-${kind}-${rewards}` } });
      expect(((await answer.json()) as { reward: { state: string } }).reward.state).toBe('completed');
    } else if (step.kind === 'outside') await paidOutsideConsole(t, await createUser(t.emulator), value);
    else if (step.kind === 'out_of_band_out') await payFromAppWallet(t.emulator, { to: user.wallet_address, amount: value, memo: 'script' });
    else if (step.kind === 'inflow') await payAppWallet(t.emulator, user, { amount: value, memo: 'top-up' });
    else await userPaidU2A(t, await createUser(t.emulator), value);
  }

  it('ties: closing is the chain balance and the difference zero', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(move, { minLength: 1, maxLength: 6 }), async (steps) => {
        for (const step of steps) await perform(step);
        const run = await t.request('POST', '/api/reconciliation/run', { cookie: ops });
        expect(run.status).toBe(200);
        const summary = (await (await t.request('GET', '/api/reconciliation/summary', { cookie: ops })).json()) as RollForward;
        const balance = fixedAmount(stroops(await nativeBalance(t.emulator, t.emulator.appWallet.address)));
        expect(summary).toMatchObject({ closing: balance, chainBalance: balance, difference: '0.0000000' });
      }),
      { numRuns: 5, ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED) } : {}) },
    );
  });
});
