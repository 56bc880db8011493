import { fromScaled } from '../../../common/amount.ts';
import { amountProblem } from '../../../common/payable-amount.ts';
import { isFinalState } from '../../../common/payment-states.ts';
import { NEEDS_FUNDS } from '../../../common/reward-code-words.ts';
import { CannotHealError } from '../domain/cannot-heal-error.ts';
import { derivePaymentState } from '../payments/payment-state.ts';
import { PlatformError } from '../platform/platform-error.ts';
import type { Payment } from '../platform/schemas.ts';
import { explain } from './reward-explanations.ts';
import type { RewardFunds } from './reward-funds.ts';
import { REWARD_ID_METADATA_KEY } from '../../../common/limits.ts';
import type { RewardRow } from './reward-row.ts';
import { isOwnPayment, SYSTEM, type PipelineDeps, type StepOutcomes, type StepResult } from './reward-step-outcomes.ts';
import { isDefiniteRefusal } from './upstream-verdicts.ts';

const BLOCKED_RETRY_MS = 2_000;
/** How long creates pause after a 429 that names no Retry-After. */
const RATE_LIMITED_DEFAULT_WAIT_MS = 5_000;

/**
 * requested → created: the payment is created on the platform, once. The attempt is committed before
 * the call; after a lost answer the platform's incomplete list is asked first, so a second payment is
 * never made.
 */
export class CreateStep {
  constructor(
    private readonly deps: PipelineDeps,
    private readonly outcomes: StepOutcomes,
  ) {}

  async run(row: RewardRow, owner: string): Promise<StepResult> {
    const { store, platform } = this.deps;
    const held = await this.deps.createWait.remainingMs();
    if (held > 0) return { row, waitMs: held };
    if (await this.stillBlocked(row)) return { row, waitMs: BLOCKED_RETRY_MS };
    if (row.createAttempts > 0) {
      const own = await this.findOwnPayment(row);
      if (own) return this.toCreated({ row, owner, payment: own, move: 'find_after_lost_answer' });
    }
    // A stored amount no transaction can carry ends here, before the funds check could make it wait for ever.
    const unpayable = amountProblem(row.amount);
    if (unpayable) throw new CannotHealError('unpayable_amount', unpayable);
    const admitted = await this.inFundsTurn(async () => {
      const { funds } = this.deps;
      const shortfall = funds ? await funds.shortfallFor(row) : 0n;
      if (funds && shortfall > 0n) return { admitted: false as const, funds, shortfall };
      const sent = await store.record(row, owner, {
        patch: { createAttempts: row.createAttempts + 1 },
        step: 'create_sent',
        audit: { ...SYSTEM, action: 'reward.create.requested', outcome: 'ok' },
      });
      return { admitted: true as const, sent };
    });
    if (!admitted.admitted) return this.needsFunds({ funds: admitted.funds, row, owner, shortfall: admitted.shortfall });
    const { sent } = admitted;
    // Checked again: a 429 may have come back to another reward while this one committed its attempt.
    const heldNow = await this.deps.createWait.remainingMs();
    if (heldNow > 0) return { row: sent, waitMs: heldNow };
    try {
      const payment = await platform.createPayment({ amount: row.amount, memo: row.memo, metadata: { ...row.metadata, [REWARD_ID_METADATA_KEY]: row.id }, uid: row.uid });
      return await this.toCreated({ row: sent, owner, payment, move: 'create' });
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      if (error.code === 'ongoing_payment_found' && error.payment) {
        if (isOwnPayment(error.payment, row)) return this.toCreated({ row: sent, owner, payment: error.payment, move: 'find_blocking' });
        return this.blocked(sent, owner, error.payment);
      }
      if (isDefiniteRefusal(error)) return this.outcomes.end({ row: sent, owner, move: 'create_refused', code: error.code, message: error.message, error });
      if (error.status === 429) await this.deps.createWait.holdFor(error.retryAfterMs ?? RATE_LIMITED_DEFAULT_WAIT_MS);
      return this.outcomes.wait({ row: sent, owner, action: 'reward.create', code: error.code, message: error.message, error });
    }
  }

  /** After a create whose answer was lost: the payment this reward made, if the platform has it open. */
  async findOwnPayment(row: RewardRow): Promise<Payment | null> {
    const { platform } = this.deps;
    const listed = (await platform.listIncompleteServerPayments()).find((payment) => isOwnPayment(payment, row));
    return listed ? platform.getPayment(listed.identifier) : null;
  }

  /** Funds checks take turns across instances, each with the create it lets through: two rewards never count on the same money. */
  private inFundsTurn<T>(work: () => Promise<T>): Promise<T> {
    return this.deps.funds ? this.deps.funds.inTurn(work) : work();
  }

  /** Nothing goes upstream: the reward waits, saying how much the wallet lacks, and asks again by itself. */
  private async needsFunds({ funds, row, owner, shortfall }: { funds: RewardFunds; row: RewardRow; owner: string; shortfall: bigint }): Promise<StepResult> {
    const waitMs = await funds.recheckMs();
    if (row.errorCode === NEEDS_FUNDS) return { row, waitMs };
    const message = `Needs funds: ${fromScaled(shortfall)} more. The app wallet cannot pay this reward and its fee beside the rewards already under way and the network's minimum balance; nothing was sent, and it goes on by itself once the wallet is funded.`;
    const waiting = await this.deps.store.record(row, owner, {
      patch: { errorCode: NEEDS_FUNDS, errorMessage: message },
      step: 'waiting',
      detail: { code: NEEDS_FUNDS, shortfall: fromScaled(shortfall) },
      audit: { ...SYSTEM, action: 'reward.create', outcome: 'refused', upstream: null },
    });
    return { row: waiting, waitMs };
  }

  private async toCreated({ row, owner, payment, move }: { row: RewardRow; owner: string; payment: Payment; move: 'create' | 'find_after_lost_answer' | 'find_blocking' }): Promise<StepResult> {
    const patch = { paymentId: payment.identifier, network: payment.network, fromAddress: payment.from_address, toAddress: payment.to_address, blockedBy: null, errorCode: null, errorMessage: null, attempts: 0 };
    const step = { move, patch, detail: { paymentId: payment.identifier }, audit: { ...SYSTEM, outcome: 'ok' as const } };
    const created = await this.deps.store.record(row, owner, { ...step, alongside: (tx) => this.deps.index.recordIn(tx, [payment], 'console') });
    return { row: created, waitMs: null, learnt: { payment } };
  }

  /**
   * Whether the payment that refused this reward's create is still open, read with a GET: the create
   * is asked for again only once it is not, rather than a POST (and an audit row) every few seconds.
   */
  private async stillBlocked(row: RewardRow): Promise<boolean> {
    if (!row.blockedBy) return false;
    let blocking: Payment;
    try {
      blocking = await this.deps.platform.getPayment(row.blockedBy);
    } catch (error) {
      if (error instanceof PlatformError && error.status === 404) return false;
      throw error;
    }
    await this.deps.index.record([blocking], 'console');
    return !isFinalState(derivePaymentState(blocking));
  }

  private async blocked(row: RewardRow, owner: string, blocking: Payment): Promise<StepResult> {
    await this.deps.index.record([blocking], 'console');
    if (row.blockedBy === blocking.identifier) return { row, waitMs: BLOCKED_RETRY_MS };
    const waiting = await this.deps.store.record(row, owner, {
      patch: { blockedBy: blocking.identifier, errorCode: 'ongoing_payment_found', errorMessage: explain('ongoing_payment_found') },
      step: 'blocked',
      detail: { blockingPaymentId: blocking.identifier },
      audit: { ...SYSTEM, action: 'reward.create', outcome: 'refused', upstream: { status: 400, code: 'ongoing_payment_found' } },
    });
    return { row: waiting, waitMs: BLOCKED_RETRY_MS };
  }
}
