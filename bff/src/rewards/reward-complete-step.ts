import { PlatformError } from '../platform/platform-error.ts';
import type { Payment } from '../platform/schemas.ts';
import type { RewardRow } from './reward-row.ts';
import { required, SYSTEM, type PipelineDeps, type StepOutcomes, type StepResult } from './reward-step-outcomes.ts';
import { isDefiniteRefusal } from './upstream-verdicts.ts';

/** submitted → completed: the platform's payment is completed with the transaction's id. */
export class CompleteStep {
  constructor(
    private readonly deps: PipelineDeps,
    private readonly outcomes: StepOutcomes,
  ) {}

  /**
   * Completes the payment with its txid. Right after the ledger applied the transaction (`justApplied`)
   * it goes straight to the platform, as the platform's own SDK does; otherwise, and whenever the
   * platform says no to that, the payment is read first and its state decides (a second round at most).
   */
  async run(row: RewardRow, owner: string, justApplied: boolean): Promise<StepResult> {
    const { platform, index } = this.deps;
    const paymentId = required(row.paymentId, 'paymentId');
    const txid = required(row.txid, 'txid');
    for (let straight = justApplied; ; straight = false) {
      if (!straight) {
        const decided = await this.decideByPayment(row, owner);
        if (decided) return decided;
      }
      try {
        return await this.toCompleted(row, owner, await platform.completePayment(paymentId, txid));
      } catch (error) {
        if (!(error instanceof PlatformError)) throw error;
        if (error.payment) await index.record([error.payment], 'console');
        if (error.code === 'already_completed' || error.outcomeUnknown) {
          const reread = await platform.getPayment(paymentId);
          if (reread.status.developer_completed) return this.toCompleted(row, owner, reread);
        }
        if (isDefiniteRefusal(error)) {
          if (straight) continue;
          return this.outcomes.end({ row, owner, move: 'complete_refused', code: error.code, message: error.message, error });
        }
        return this.outcomes.wait({ row, owner, action: 'reward.complete', code: error.code, message: error.message, error });
      }
    }
  }

  /** The step's result when the payment as the platform has it decides it; null when the payment is to be completed now. */
  private async decideByPayment(row: RewardRow, owner: string): Promise<StepResult | null> {
    const payment = await this.outcomes.readPayment(row, owner, required(row.paymentId, 'paymentId'));
    if ('ended' in payment) return payment.ended;
    if (payment.status.developer_completed) return this.toCompleted(row, owner, payment);
    if (payment.status.cancelled || payment.status.user_cancelled) return this.outcomes.end({ row, owner, move: 'set_aside', code: 'payment_cancelled' });
    if (!payment.transaction) return this.outcomes.wait({ row, owner, action: 'reward.complete', code: 'awaiting_verification', message: 'The platform has not seen the transaction yet.' });
    if (payment.transaction.txid !== row.txid) return this.outcomes.end({ row, owner, move: 'set_aside', code: 'other_transaction_linked' });
    if (!payment.transaction.verified) return this.outcomes.end({ row, owner, move: 'set_aside', code: 'transaction_not_verified' });
    return null;
  }

  private async toCompleted(row: RewardRow, owner: string, payment: Payment): Promise<StepResult> {
    const step = { move: 'complete' as const, patch: { errorCode: null, errorMessage: null }, audit: { ...SYSTEM, outcome: 'ok' as const } };
    const completed = await this.deps.store.record(row, owner, { ...step, alongside: (tx) => this.deps.index.recordIn(tx, [payment], 'console') });
    return { row: completed, waitMs: null };
  }
}
