import type { AuditEntry, AuditOrigin } from '../audit/audit-entry.ts';
import type { Transaction } from '../store/executor.ts';
import type { RewardLikeness } from './look-alikes.ts';

/** What an intent asks to pay, checked as one: a single reward, or a batch's rows. */
export interface Spend {
  /** The largest single reward. */
  largest: string;
  total: string;
}

/** Money someone asked the console to pay: by whom, how much, and who approved it (null: nobody yet). */
export interface PayoutIntent {
  requestedBy: string;
  spend: Spend;
  approvedBy: string | null;
}

/** A reward already asked for, as the gate sees it: its own amount is the spend. */
export function intentOf(reward: { requestedBy: string; amount: string; approvedBy: string | null }): PayoutIntent {
  return { requestedBy: reward.requestedBy, spend: { largest: reward.amount, total: reward.amount }, approvedBy: reward.approvedBy };
}

declare const admitted: unique symbol;

/** A new intent the gate let in. Only the payout gate's `admit` makes one, and reward rows are inserted only with one. */
export interface Admitted {
  /** Above the approval threshold: its rewards wait for a second person, and nothing goes upstream. */
  readonly awaitsApproval: boolean;
  readonly [admitted]: true;
}

/**
 * A new single reward as the look-alike rule sees it: a live reward to the same user for the same
 * amount and memo asked for lately refuses it (409 `look_alike`) unless `confirmed`.
 */
export interface NewRewardLikeness extends RewardLikeness {
  /** The requester saw the look-alike and pays again; clearing a payment that already exists is confirmation too. */
  confirmed: boolean;
}

/**
 * A new reward's way through the gate, inside the transaction that inserts it: `lock` first (the
 * requester's lock, then the user's, so that a replayed request finds the row the first one committed
 * and a look-alike asked for by anyone meanwhile is seen), then `admit`.
 */
export interface Admission {
  lock(tx: Transaction): Promise<void>;
  admit(tx: Transaction): Promise<Admitted>;
}

/**
 * The checks every payout passes, as rewards need them. Rewards declare it; the payout gate
 * (approvals/payout-gate.ts, above rewards) implements it, and the composition root hands it in.
 */
export interface PayoutChecks {
  admission(intent: Omit<PayoutIntent, 'approvedBy'>, reward: NewRewardLikeness): Admission;
  /** A second person lets a waiting intent go on. */
  approve(tx: Transaction, intent: PayoutIntent, approver: string): Promise<void>;
  /** A failed reward sent on again. */
  readmit(tx: Transaction, intent: PayoutIntent): Promise<void>;
  /** The two-person rule: whoever asked for an intent never approves it, nor rejects it. */
  decidedByAnother(requestedBy: string, decider: string, decision: 'approve' | 'reject'): void;
  /** Until the transaction ends, every other payout of this requester waits. */
  lock(tx: Transaction, requestedBy: string): Promise<void>;
  /** Runs `work`, auditing a refusal of the gate as `entry` says. */
  audited<T>(origin: AuditOrigin, entry: Pick<AuditEntry, 'action' | 'target' | 'details'>, work: () => Promise<T>): Promise<T>;
}
