import type { AuditOrigin } from '../audit/audit-entry.ts';
import type { Transaction } from '../store/executor.ts';
import type { BatchStore } from '../batches/batch-store.ts';
import type { PayoutGate } from '../approvals/payout-gate.ts';
import type { RewardStore } from '../rewards/reward-store.ts';

/** Why the rewards and batches of a staff member who may no longer pay were withdrawn (its words: `explain`). */
export const REQUESTER_CANNOT_PAY = 'requester_cannot_pay';

/**
 * What a staff member asked for that still waits (rewards and batches awaiting approval, batches
 * previewed) is withdrawn when they may no longer pay, in the transaction that changes their role or
 * disables them: nothing is paid later on their old say-so.
 */
export class RequesterWithdrawal {
  constructor(private readonly deps: { gate: PayoutGate; rewards: RewardStore; batches: BatchStore }) {}

  async withdrawAllOf(tx: Transaction, staffId: string, origin: AuditOrigin): Promise<void> {
    const { gate, rewards, batches } = this.deps;
    const waiting = await batches.waitingOf(tx, staffId);
    await gate.lock(tx, staffId);
    for (const batch of waiting) await batches.withdraw(tx, batch, { code: REQUESTER_CANNOT_PAY, audit: { ...origin, action: 'reward_batch.withdraw' } });
    await rewards.withdrawWaitingOf(tx, { staffId, code: REQUESTER_CANNOT_PAY, audit: { ...origin, outcome: 'ok' } });
  }
}
