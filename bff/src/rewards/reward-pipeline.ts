import type { AuditAction } from '../audit/audit-action.ts';
import type { AuditOrigin } from '../audit/audit-entry.ts';
import { CannotHealError } from '../domain/cannot-heal-error.ts';
import { refusal } from '../domain/refusal.ts';
import type { Logger } from '../logger.ts';
import type { PaymentIndex } from '../payments/payment-index.ts';
import type { PlatformClient } from '../platform/platform-client.ts';
import { PlatformError } from '../platform/platform-error.ts';
import type { Payment } from '../platform/schemas.ts';
import { paymentDifferences } from './payment-differences.ts';
import type { RewardChain, SubmitOutcome } from './reward-chain.ts';
import type { CreateWait } from './create-wait.ts';
import { NEEDS_FUNDS } from '../../../common/reward-code-words.ts';
import type { RewardFunds } from './reward-funds.ts';
import { fromScaled } from '../../../common/amount.ts';
import { isFinalState } from '../../../common/payment-states.ts';
import { derivePaymentState } from '../payments/payment-state.ts';
import { amountProblem } from '../../../common/payable-amount.ts';
import { explain, explainPaymentMismatch } from './reward-explanations.ts';
import { backoffMs, isDefiniteRefusal } from './upstream-verdicts.ts';
import { REWARD_ID_METADATA_KEY } from './reward-input.ts';
import { UNFINISHED_STATES, type RewardRow, type RewardStep, type RewardStore } from './reward-store.ts';
import type { SequenceLane } from './sequence-lane.ts';
import { askLedger, type LedgerVerdict } from './ledger-verdict.ts';
import { TRANSACTION_LIFETIME_SECONDS } from '../chain/a2u-transaction.ts';
import { sleep } from '../platform/upstream-hop.ts';

/** What one step leaves: the row as committed, and whether to go on now (null) or try again later. */
interface StepResult {
  row: RewardRow;
  waitMs: number | null;
  /**
   * The wait is a back-off after a failed call (or a transaction the platform has not verified yet): it
   * counts as an attempt, so the next back-off is longer. A wait that is no failure of this reward (a
   * rate-limit hold, a blocking payment, funds, no wallet) leaves the count as it is.
   */
  backoff?: true;
  /**
   * What this step just learnt, so that the next step of the same drive need not ask again: the
   * payment as the platform answered its creation, or that the ledger applied the transaction.
   */
  learnt?: { payment: Payment } | { applied: true };
}

/** How a send inside the sequence lane ended: applied (recorded outside the lane), or settled otherwise. */
type SendResult = { applied: RewardRow; step: 'submitted' | 'found_on_ledger' } | { settled: StepResult };

const SYSTEM: AuditOrigin = { actor: null, clientIp: null, requestId: null };
const MAX_STEPS_PER_DRIVE = 12;
const BLOCKED_RETRY_MS = 2_000;
const NO_WALLET_RETRY_MS = 3_600_000;
/**
 * How long one drive follows a pending envelope (in the lane) before it lets go and tries later: past
 * the envelope's lifetime plus Horizon's wait, so a network whose clock has stalled does not hold the
 * lane for ever.
 */
const PENDING_FOLLOW_MS = (TRANSACTION_LIFETIME_SECONDS + 60) * 1000;
const FEE_CACHE_MS = 60_000;
/** How long creates pause after a 429 that names no Retry-After. */
const RATE_LIMITED_DEFAULT_WAIT_MS = 5_000;

export interface PipelineDeps {
  store: RewardStore;
  platform: PlatformClient;
  index: PaymentIndex;
  /** Null when the console has no app wallet seed: rewards then wait, created, for their transaction. */
  chain: RewardChain | null;
  lane: SequenceLane | null;
  /** The platform's rate-limit wait on creates, shared by every driver of rewards of every instance. */
  createWait: CreateWait;
  /** The wallet's funds check before a payment is created; null without an app wallet. */
  funds: RewardFunds | null;
  logger: Logger;
}

/**
 * Moves a reward through its recovery points: requested → created → signed → submitted → completed.
 * Each point is committed before the next upstream call, and an answer that did not arrive is never
 * taken as a no: the next attempt first finds out what happened (the platform's incomplete list and
 * the payment itself, the ledger by transaction hash) and only then acts.
 */
export class RewardPipeline {
  private fee: { stroops: number; until: number } | null = null;
  constructor(private readonly deps: PipelineDeps) {}

  /**
   * Drives one reward as far as it can go now; null when another driver holds it. `leased` is the row
   * when `owner` has just taken its lease (a new reward), which then need not be taken again.
   */
  async drive(id: string, owner: string, leased?: RewardRow): Promise<RewardRow | null> {
    const { store, logger } = this.deps;
    const row = leased ?? (await store.lease(id, owner));
    if (!row) return null;
    let last: StepResult = { row, waitMs: null };
    try {
      await store.held(id, owner, async () => {
        for (let steps = 0; steps < MAX_STEPS_PER_DRIVE && isUnfinished(last.row) && last.waitMs === null; steps++) last = await this.stepOrEnd(last, owner);
      });
    } catch (error) {
      logger.warn('reward step failed; it is tried again later', { rewardId: id, state: last.row.state, error });
      last = { row: last.row, waitMs: backoffMs(last.row.attempts), backoff: true };
    }
    return (await store.release(id, owner, last.waitMs ?? 0, last.backoff === true)) ?? (await store.get(id)) ?? last.row;
  }

  /**
   * A person's cancel, only where nothing can have moved: before the payment exists, or while it has
   * no transaction that could still apply. The payment, if any, is cancelled on the platform first.
   */
  async cancel(row: RewardRow, owner: string, origin: AuditOrigin): Promise<RewardRow> {
    const { platform, index, store } = this.deps;
    const paymentId = row.paymentId ?? (row.createAttempts > 0 ? ((await this.findOwnPayment(row))?.identifier ?? null) : null);
    if (paymentId) {
      let payment: Payment;
      try {
        payment = await platform.cancelPayment(paymentId);
      } catch (error) {
        if (!(error instanceof PlatformError)) throw error;
        payment = await platform.getPayment(paymentId);
        if (!payment.status.cancelled && !payment.status.user_cancelled) {
          await store.record(row, owner, { patch: {}, step: 'cancel_refused', detail: { code: error.code }, audit: { ...origin, action: 'reward.cancel', outcome: error.answered ? 'refused' : 'failed', upstream: { status: error.status, code: error.code } } });
          throw refusal('rejected', error.code, `The payment could not be cancelled: ${error.message}`);
        }
      }
      await index.record([payment], 'action');
    }
    return store.record(row, owner, {
      patch: { state: 'cancelled', paymentId, errorCode: 'cancelled_by_staff', errorMessage: explain('cancelled_by_staff') },
      step: 'cancelled',
      detail: paymentId ? { paymentId } : {},
      audit: { ...origin, action: 'reward.cancel', outcome: 'ok' },
    });
  }

  /** The next step; or, when it meets a value that no retry can mend, the reward's end with the reason. */
  private async stepOrEnd(last: StepResult, owner: string): Promise<StepResult> {
    try {
      return await this.step(last, owner);
    } catch (error) {
      if (!(error instanceof CannotHealError)) throw error;
      this.deps.logger.warn('reward ended: a value no retry can mend', { rewardId: last.row.id, state: last.row.state, code: error.code, reason: error.message });
      // Until a transaction is signed no money can have moved; after that, a person must look.
      const mayHaveMoved = last.row.state === 'signed' || last.row.state === 'submitted';
      return this.end(last.row, owner, mayHaveMoved ? 'needs_attention' : 'failed', error.code, error.message);
    }
  }

  private step({ row, learnt }: StepResult, owner: string): Promise<StepResult> {
    switch (row.state) {
      case 'requested':
        return this.create(row, owner);
      case 'created':
        return this.signAndSend(row, owner, learnt && 'payment' in learnt ? learnt.payment : null);
      case 'signed':
        return this.resend(row, owner);
      case 'submitted':
        return this.complete(row, owner, learnt !== undefined && 'applied' in learnt);
      default:
        return Promise.resolve({ row, waitMs: null });
    }
  }

  // requested → created

  private async create(row: RewardRow, owner: string): Promise<StepResult> {
    const { store, platform } = this.deps;
    const held = await this.deps.createWait.remainingMs();
    if (held > 0) return { row, waitMs: held };
    if (await this.stillBlocked(row)) return { row, waitMs: BLOCKED_RETRY_MS };
    if (row.createAttempts > 0) {
      const own = await this.findOwnPayment(row);
      if (own) return this.toCreated(row, owner, own, 'found_after_lost_answer');
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
    if (!admitted.admitted) return this.needsFunds(admitted.funds, row, owner, admitted.shortfall);
    const { sent } = admitted;
    // Checked again: a 429 may have come back to another reward while this one committed its attempt.
    const heldNow = await this.deps.createWait.remainingMs();
    if (heldNow > 0) return { row: sent, waitMs: heldNow };
    try {
      const payment = await platform.createPayment({ amount: row.amount, memo: row.memo, metadata: { ...row.metadata, [REWARD_ID_METADATA_KEY]: row.id }, uid: row.uid });
      return await this.toCreated(sent, owner, payment, 'created');
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      if (error.code === 'ongoing_payment_found' && error.payment) {
        if (isOwnPayment(error.payment, row)) return this.toCreated(sent, owner, error.payment, 'found_blocking');
        return this.blocked(sent, owner, error.payment);
      }
      if (isDefiniteRefusal(error)) return this.end(sent, owner, 'failed', error.code, error.message, 'reward.create', error);
      if (error.status === 429) await this.deps.createWait.holdFor(error.retryAfterMs ?? RATE_LIMITED_DEFAULT_WAIT_MS);
      return this.wait(sent, owner, 'reward.create', error.code, error.message, error);
    }
  }

  /** Funds checks take turns across instances, each with the create it lets through: two rewards never count on the same money. */
  private inFundsTurn<T>(work: () => Promise<T>): Promise<T> {
    return this.deps.funds ? this.deps.funds.inTurn(work) : work();
  }

  /** Nothing goes upstream: the reward waits, saying how much the wallet lacks, and asks again by itself. */
  private async needsFunds(funds: RewardFunds, row: RewardRow, owner: string, shortfall: bigint): Promise<StepResult> {
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

  /** After a create whose answer was lost: the payment this reward made, if the platform has it open. */
  private async findOwnPayment(row: RewardRow): Promise<Payment | null> {
    const { platform } = this.deps;
    const listed = (await platform.listIncompleteServerPayments()).find((payment) => isOwnPayment(payment, row));
    return listed ? platform.getPayment(listed.identifier) : null;
  }

  private async toCreated(row: RewardRow, owner: string, payment: Payment, step: string): Promise<StepResult> {
    const patch = { state: 'created', paymentId: payment.identifier, network: payment.network, fromAddress: payment.from_address, toAddress: payment.to_address, blockedBy: null, errorCode: null, errorMessage: null, attempts: 0 } as const;
    const audit = { ...SYSTEM, action: 'reward.create', outcome: 'ok' } as const;
    const created = await this.deps.store.record(row, owner, { patch, step, detail: { paymentId: payment.identifier }, audit }, (tx) => this.deps.index.recordIn(tx, [payment], 'console'));
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

  // created → signed → submitted

  /** `created` is the payment as the platform answered its creation in this drive, else null. */
  private async signAndSend(row: RewardRow, owner: string, created: Payment | null): Promise<StepResult> {
    const { chain, lane } = this.deps;
    if (!chain || !lane) return this.note(row, owner, 'awaiting_wallet', NO_WALLET_RETRY_MS);
    if (row.fromAddress !== chain.walletAddress) return this.note(row, owner, 'wallet_mismatch', NO_WALLET_RETRY_MS);
    const paymentId = required(row.paymentId, 'paymentId');
    // Fresh, so that a payment cancelled or paid meanwhile is never paid by this reward.
    const payment = created ?? (await this.readPayment(row, owner, paymentId));
    if ('ended' in payment) return payment.ended;
    if (payment.status.cancelled || payment.status.user_cancelled) return this.end(row, owner, 'cancelled', 'payment_cancelled');
    if (payment.transaction) return this.end(row, owner, 'needs_attention', 'other_transaction_linked');
    const differences = paymentDifferences(row, payment);
    if (differences.length > 0) return this.end(row, owner, 'needs_attention', 'payment_mismatch', explainPaymentMismatch(differences));
    const prepare = async (sequence: bigint): Promise<RewardRow> => {
      const envelope = await chain.sign({ identifier: paymentId, amount: row.amount, from_address: payment.from_address, to_address: payment.to_address, network: payment.network }, sequence, await this.baseFee(chain));
      return this.deps.store.record(row, owner, {
        patch: { state: 'signed', envelopeXdr: envelope.envelopeXdr, txHash: envelope.hash, txSequence: String(envelope.sequence), txMaxTime: new Date(envelope.maxTime * 1000), errorCode: null, errorMessage: null },
        step: 'signed',
        detail: { hash: envelope.hash, sequence: String(envelope.sequence) },
        audit: { ...SYSTEM, action: 'reward.sign', outcome: 'ok' },
      });
    };
    return this.recordSend(lane.transaction(prepare, (signed) => this.send(signed, owner, chain, lane)), owner);
  }

  private resend(row: RewardRow, owner: string): Promise<StepResult> {
    const { chain, lane } = this.deps;
    if (!chain || !lane) return this.note(row, owner, 'awaiting_wallet', NO_WALLET_RETRY_MS);
    return this.recordSend(lane.resend(() => this.send(row, owner, chain, lane)), owner);
  }

  /**
   * An applied transaction is recorded after its turn in the lane: the next reward's sequence is
   * already known, and a crash before this record leaves the reward `signed`, whose resend finds it on
   * the ledger.
   */
  private async recordSend(sending: Promise<SendResult>, owner: string): Promise<StepResult> {
    const sent = await sending;
    return 'applied' in sent ? this.toSubmitted(sent.applied, owner, sent.step) : sent.settled;
  }

  /**
   * Sends the stored envelope in its turn in the lane, and keeps the lane until the ledger has said
   * what became of it: the wallet's next transaction could not land before this one anyway (one per
   * account per ledger, in sequence order). A 504, a lost answer or a dropped connection means
   * pending: the ledger is asked once per ledger, and the same envelope sent again, until the hash is
   * found or the network's clock has passed the envelope's maxTime. Sending the same envelope again is
   * safe: it applies at most once.
   */
  private async send(row: RewardRow, owner: string, chain: RewardChain, lane: SequenceLane): Promise<SendResult> {
    const sequence = BigInt(required(row.txSequence, 'txSequence'));
    const followUntil = performance.now() + PENDING_FOLLOW_MS;
    for (let current = row; ; ) {
      let outcome: SubmitOutcome | null = null;
      try {
        outcome = await chain.submit(required(current.envelopeXdr, 'envelopeXdr'));
      } catch (error) {
        this.deps.logger.info('transaction submission got no definite answer: pending, asking the ledger', { rewardId: current.id, error });
      }
      if (outcome?.applied) {
        lane.applied(sequence);
        return { applied: current, step: 'submitted' };
      }
      let verdict: LedgerVerdict;
      try {
        verdict = await askLedger(chain, envelopeOf(current), outcome);
      } catch (error) {
        lane.forget();
        throw error;
      }
      if (verdict.kind === 'applied') {
        lane.applied(sequence);
        return { applied: current, step: 'found_on_ledger' };
      }
      if (verdict.kind !== 'pending' || performance.now() > followUntil) {
        lane.forget();
        return { settled: await this.settleEnvelope(current, owner, verdict) };
      }
      current = await this.noteOnce(current, owner, 'awaiting_ledger');
      await sleep(verdict.nextLookupMs);
    }
  }

  /** The envelope's end: failed in a ledger, or never applied (and so signed again), or still pending after following it long. */
  private async settleEnvelope(row: RewardRow, owner: string, verdict: Exclude<LedgerVerdict, { kind: 'applied' }>): Promise<StepResult> {
    switch (verdict.kind) {
      case 'failed':
        return this.end(row, owner, 'failed', verdict.code, undefined, 'reward.submit', undefined, clearedEnvelope);
      case 'never': {
        const abandoned = await this.deps.store.record(row, owner, {
          patch: { state: 'created', ...clearedEnvelope, errorCode: null, errorMessage: null },
          step: 'envelope_abandoned',
          detail: { hash: row.txHash, reason: verdict.code },
          audit: { ...SYSTEM, action: 'reward.submit', outcome: 'failed', upstream: { status: null, code: verdict.code } },
        });
        return { row: abandoned, waitMs: null };
      }
      case 'pending':
        return this.wait(row, owner, 'reward.submit', 'awaiting_ledger', 'Sent; the ledger has not taken it yet. The same envelope is sent again.', undefined, verdict.nextLookupMs);
    }
  }

  private async toSubmitted(row: RewardRow, owner: string, step: string): Promise<StepResult> {
    const submitted = await this.deps.store.record(row, owner, {
      patch: { state: 'submitted', txid: row.txHash, errorCode: null, errorMessage: null, attempts: 0 },
      step,
      detail: { txid: row.txHash },
      audit: { ...SYSTEM, action: 'reward.submit', outcome: 'ok' },
    });
    return { row: submitted, waitMs: null, learnt: { applied: true } };
  }

  // submitted → completed

  /**
   * Completes the payment with its txid. Right after the ledger applied the transaction (`justApplied`)
   * it goes straight to the platform, as the platform's own SDK does; otherwise, and whenever the
   * platform says no to that, the payment is read first and its state decides.
   */
  private async complete(row: RewardRow, owner: string, justApplied: boolean): Promise<StepResult> {
    const { platform, index } = this.deps;
    const paymentId = required(row.paymentId, 'paymentId');
    const txid = required(row.txid, 'txid');
    if (!justApplied) {
      const payment = await this.readPayment(row, owner, paymentId);
      if ('ended' in payment) return payment.ended;
      if (payment.status.developer_completed) return this.toCompleted(row, owner, payment);
      if (payment.status.cancelled || payment.status.user_cancelled) return this.end(row, owner, 'needs_attention', 'payment_cancelled');
      if (!payment.transaction) return this.wait(row, owner, 'reward.complete', 'awaiting_verification', 'The platform has not seen the transaction yet.');
      if (payment.transaction.txid !== txid) return this.end(row, owner, 'needs_attention', 'other_transaction_linked');
      if (!payment.transaction.verified) return this.end(row, owner, 'needs_attention', 'transaction_not_verified');
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
      if (isDefiniteRefusal(error)) return justApplied ? this.complete(row, owner, false) : this.end(row, owner, 'needs_attention', error.code, error.message, 'reward.complete', error);
      return this.wait(row, owner, 'reward.complete', error.code, error.message, error);
    }
  }

  private async toCompleted(row: RewardRow, owner: string, payment: Payment): Promise<StepResult> {
    const completed = await this.deps.store.record(
      row,
      owner,
      { patch: { state: 'completed', errorCode: null, errorMessage: null }, step: 'completed', audit: { ...SYSTEM, action: 'reward.complete', outcome: 'ok' } },
      (tx) => this.deps.index.recordIn(tx, [payment], 'console'),
    );
    return { row: completed, waitMs: null };
  }

  // shared

  /** The payment fresh from the platform, or the step's end when the platform no longer knows it. */
  private async readPayment(row: RewardRow, owner: string, paymentId: string): Promise<Payment | { ended: StepResult }> {
    try {
      const payment = await this.deps.platform.getPayment(paymentId);
      await this.deps.index.record([payment], 'console');
      return payment;
    } catch (error) {
      if (error instanceof PlatformError && error.status === 404) return { ended: await this.end(row, owner, 'needs_attention', 'payment_not_found') };
      throw error;
    }
  }

  private async baseFee(chain: RewardChain): Promise<number> {
    if (this.fee && this.fee.until > Date.now()) return this.fee.stroops;
    const stroops = await chain.baseFee();
    this.fee = { stroops, until: Date.now() + FEE_CACHE_MS };
    return stroops;
  }

  /** Ends the reward in a final state, with the code and its plain words. */
  private async end(
    row: RewardRow,
    owner: string,
    state: 'failed' | 'cancelled' | 'needs_attention',
    code: string,
    message?: string,
    action: AuditAction = `reward.${state === 'needs_attention' ? 'needs_attention' : state === 'failed' ? 'fail' : 'cancel'}`,
    error?: PlatformError,
    patch: RewardStep['patch'] = {},
  ): Promise<StepResult> {
    const ended = await this.deps.store.record(row, owner, {
      patch: { ...patch, state, errorCode: code, errorMessage: explain(code, message) },
      step: state,
      detail: { code },
      audit: { ...SYSTEM, action, outcome: error?.answered ? 'refused' : 'failed', upstream: error ? { status: error.status, code: error.code } : null },
    });
    return { row: ended, waitMs: null };
  }

  /** An attempt that did not settle anything: noted once per reason, tried again after a back-off (at most `atMostMs`). */
  private async wait(row: RewardRow, owner: string, action: AuditAction, code: string, message: string, error?: PlatformError, atMostMs = Infinity): Promise<StepResult> {
    const waitMs = Math.min(error?.retryAfterMs ?? backoffMs(row.attempts), atMostMs);
    if (row.errorCode === code) return { row, waitMs, backoff: true };
    const noted = await this.deps.store.record(row, owner, {
      patch: { errorCode: code, errorMessage: explain(code, message) },
      step: 'waiting',
      detail: { code },
      audit: { ...SYSTEM, action, outcome: 'failed', upstream: error ? { status: error.status, code: error.code } : null },
    });
    return { row: noted, waitMs, backoff: true };
  }

  /** A reason the reward cannot go on by itself now (no wallet), noted once. */
  private async note(row: RewardRow, owner: string, code: string, waitMs: number): Promise<StepResult> {
    return { row: await this.noteOnce(row, owner, code), waitMs };
  }

  /** What the reward waits for, in its row and timeline once, however often it is met. */
  private async noteOnce(row: RewardRow, owner: string, code: string): Promise<RewardRow> {
    if (row.errorCode === code) return row;
    return this.deps.store.record(row, owner, { patch: { errorCode: code, errorMessage: explain(code) }, step: 'waiting', detail: { code } });
  }
}

const clearedEnvelope = { envelopeXdr: null, txHash: null, txSequence: null, txMaxTime: null } satisfies RewardStep['patch'];

export function isUnfinished(row: RewardRow): boolean {
  return (UNFINISHED_STATES as readonly string[]).includes(row.state);
}

function isOwnPayment(payment: Payment, row: RewardRow): boolean {
  return payment.direction === 'app_to_user' && payment.metadata[REWARD_ID_METADATA_KEY] === row.id;
}

/** The stored envelope's facts the ledger is asked about. */
function envelopeOf(row: RewardRow) {
  return { hash: required(row.txHash, 'txHash'), sequence: BigInt(required(row.txSequence, 'txSequence')), maxTime: required(row.txMaxTime, 'txMaxTime'), source: required(row.fromAddress, 'fromAddress') };
}

function required<T>(value: T | null, name: string): T {
  if (value === null) throw new Error(`reward is missing ${name} for its state`);
  return value;
}
