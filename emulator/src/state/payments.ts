import type { EmulatorConfig } from '../config.ts';
import { ApiError, badRequest, notFound, unauthorized } from '../errors.ts';
import { newPaymentId, newTxid } from '../ids.ts';
import { isSettled, paymentRecord } from './payment-record.ts';
import type { Direction, Metadata, PaymentRecord } from './payment-record.ts';
import { hasScope } from './users.ts';
import type { User } from './users.ts';

/** A refusal whose body carries the payment it is about. */
export class PaymentRefusal extends ApiError {
  constructor(
    code: string,
    message: string,
    readonly payment: PaymentRecord,
  ) {
    super(400, code, message);
  }
}

export interface NewPayment {
  amount: number;
  memo: string;
  metadata: Metadata;
}

export interface TransactionInput {
  txid?: string | undefined;
  verified: boolean;
  /** Why it is not verified, when the platform checked it against the payment. */
  verificationError?: string | null;
}

/**
 * All payments and the state machine that moves them. Open payments are also kept in two small
 * sets (in creation order), so rules and lists never scan the whole book.
 */
export class PaymentBook {
  private readonly records: PaymentRecord[] = [];
  private readonly byId = new Map<string, PaymentRecord>();
  private readonly byTxid = new Map<string, PaymentRecord>();
  /** Chain transactions that carried a payment's memo after another one was linked to it. */
  private readonly unlinkedTxids = new Map<string, PaymentRecord>();
  private readonly incompleteA2U = new Set<PaymentRecord>();
  private readonly openU2A = new Set<PaymentRecord>();
  private peakOpenA2U = 0;
  private ongoingRefusals = 0;

  constructor(private readonly config: EmulatorConfig) {}

  get size(): number {
    return this.records.length;
  }

  /** Payments in creation order. */
  page(offset: number, limit: number): PaymentRecord[] {
    return this.records.slice(offset, offset + limit);
  }

  add(record: PaymentRecord): void {
    if (this.byId.has(record.identifier)) throw new Error(`duplicate payment id ${record.identifier}`);
    if (record.txid !== null) this.claimTxid(record.txid, record);
    this.records.push(record);
    this.byId.set(record.identifier, record);
    if (isSettled(record)) return;
    if (record.direction === 'app_to_user') {
      this.incompleteA2U.add(record);
      this.peakOpenA2U = Math.max(this.peakOpenA2U, this.incompleteA2U.size);
    } else this.openU2A.add(record);
  }

  /** What a test cannot see in the payments themselves: the most A2U payments open at once, and the creates the ongoing rule refused. */
  stats(): { peakOpenA2U: number; ongoingRefusals: number } {
    return { peakOpenA2U: this.peakOpenA2U, ongoingRefusals: this.ongoingRefusals };
  }

  /** Counters from now on: the peak starts again from the payments open now. */
  resetStats(): void {
    this.peakOpenA2U = this.incompleteA2U.size;
    this.ongoingRefusals = 0;
  }

  find(id: string): PaymentRecord {
    const payment = this.byId.get(id);
    if (payment === undefined) throw notFound('payment_not_found', `no payment with id ${id}`);
    return payment;
  }

  get(id: string): PaymentRecord | undefined {
    return this.byId.get(id);
  }

  withTxid(txid: string): PaymentRecord | undefined {
    return this.byTxid.get(txid);
  }

  /** The app's A2U payments that are neither completed nor cancelled, as the configured list mode shows them. */
  incomplete(): PaymentRecord[] {
    const all = [...this.incompleteA2U];
    if (this.config.incompleteList === 'all') return all;
    const latest = all.at(-1);
    return latest === undefined ? [] : [latest];
  }

  createA2U(user: User, input: NewPayment, now: number): PaymentRecord {
    if (!hasScope(user, 'wallet_address')) {
      throw unauthorized('missing_scope', 'the user has not granted the wallet_address scope');
    }
    const blocking = this.ongoingA2U(user);
    if (blocking !== undefined) {
      this.ongoingRefusals += 1;
      throw new PaymentRefusal('ongoing_payment_found', 'an earlier A2U payment is neither completed nor cancelled', blocking);
    }
    return this.create(user, input, 'app_to_user', now);
  }

  /** A U2A payment as the client SDK creates it: not approved, no transaction. */
  createU2A(user: User, input: NewPayment, now: number): PaymentRecord {
    for (const open of this.openU2A) {
      if (open.user === user) {
        throw new PaymentRefusal('ongoing_payment_found', 'the user has an unfinished U2A payment', open);
      }
    }
    return this.create(user, input, 'user_to_app', now);
  }

  approve(payment: PaymentRecord): PaymentRecord {
    if (payment.direction === 'app_to_user') {
      throw badRequest('invalid_arguments', 'only U2A payments are approved; A2U payments are approved on creation');
    }
    refuseIfSettled(payment);
    payment.approved = true;
    return payment;
  }

  complete(payment: PaymentRecord, txid: string): PaymentRecord {
    refuseIfSettled(payment);
    if (this.unlinkedTxids.get(txid) === payment) {
      throw verificationFailed('payment_already_linked_with_a_tx', 'another transaction is already linked with this payment');
    }
    if (payment.txid !== null && payment.txVerificationError !== null) {
      throw verificationFailed(payment.txVerificationError, 'the payment’s transaction does not match the payment');
    }
    if (payment.txid === null || !payment.txVerified) {
      throw badRequest('not_verified', 'the payment has no verified blockchain transaction');
    }
    if (payment.txid !== txid) throw badRequest('txid_mismatch', 'txid does not match the payment’s transaction');
    payment.completed = true;
    this.settle(payment);
    return payment;
  }

  cancel(payment: PaymentRecord): PaymentRecord {
    if (payment.completed) throw new PaymentRefusal('already_completed', 'the payment is already completed', payment);
    if (payment.cancelled || payment.userCancelled) {
      throw new PaymentRefusal('cancelled_payment', 'the payment is already cancelled', payment);
    }
    if (payment.txid !== null) {
      throw new PaymentRefusal('payment_tx_present', 'cannot cancel: a blockchain transaction has been recorded', payment);
    }
    payment.cancelled = true;
    this.settle(payment);
    return payment;
  }

  /** The app wallet's transaction for an A2U payment, seen and checked by the platform. */
  recordA2UTransaction(payment: PaymentRecord, input: TransactionInput, now: number): PaymentRecord {
    if (payment.direction !== 'app_to_user') {
      throw badRequest('invalid_arguments', 'U2A transactions come from the user: use user-sign');
    }
    return this.recordTransaction(payment, input, now);
  }

  /** A chain transaction with this payment's memo, seen after another one was linked to it: it stays unlinked. */
  noteUnlinkedTransaction(payment: PaymentRecord, txid: string): void {
    this.unlinkedTxids.set(txid, payment);
  }

  /** The user signs an approved U2A payment; the platform records the transaction. */
  userSign(payment: PaymentRecord, input: TransactionInput, now: number): PaymentRecord {
    this.refuseUserSign(payment);
    return this.recordTransaction(payment, input, now);
  }

  /** Why the user may not sign the payment now (before their client pays anything), if any. */
  refuseUserSign(payment: PaymentRecord): void {
    if (payment.direction !== 'user_to_app') throw badRequest('invalid_arguments', 'only U2A payments are signed by the user');
    refuseIfSettled(payment);
    if (!payment.approved) throw badRequest('not_approved', 'the developer has not approved the payment yet');
    if (payment.txid !== null) throw badRequest('payment_tx_present', 'a transaction is already recorded for this payment');
  }

  userCancel(payment: PaymentRecord): PaymentRecord {
    if (payment.direction !== 'user_to_app') throw badRequest('invalid_arguments', 'only U2A payments are cancelled by the user');
    refuseIfSettled(payment);
    if (payment.txid !== null) throw badRequest('payment_tx_present', 'the user has already signed the transaction');
    payment.userCancelled = true;
    this.settle(payment);
    return payment;
  }

  /** Cancels U2A payments the developer did not approve within the window. */
  expireUnapproved(now: number): void {
    for (const payment of this.openU2A) {
      if (!payment.approved && now - payment.createdAt >= this.config.u2aExpiryMs) {
        payment.cancelled = true;
        this.settle(payment);
      }
    }
  }

  private create(user: User, input: NewPayment, direction: Direction, now: number): PaymentRecord {
    const record = paymentRecord(
      { identifier: newPaymentId(), user, ...input, direction, createdAt: now },
      { approved: direction === 'app_to_user' },
    );
    this.add(record);
    return record;
  }

  private ongoingA2U(user: User): PaymentRecord | undefined {
    for (const payment of this.incompleteA2U) {
      if (this.config.ongoingRule === 'per_app' || payment.user === user) return payment;
    }
    return undefined;
  }

  private recordTransaction(payment: PaymentRecord, input: TransactionInput, now: number): PaymentRecord {
    refuseIfSettled(payment);
    if (payment.txid !== null) throw badRequest('payment_tx_present', 'a transaction is already recorded for this payment');
    const txid = input.txid ?? newTxid();
    this.claimTxid(txid, payment);
    payment.txid = txid;
    payment.txVerified = input.verified;
    payment.txVerificationError = input.verified ? null : (input.verificationError ?? null);
    payment.txAt = now;
    return payment;
  }

  private claimTxid(txid: string, payment: PaymentRecord): void {
    const owner = this.byTxid.get(txid);
    if (owner !== undefined) throw badRequest('invalid_arguments', `txid is already linked with payment ${owner.identifier}`);
    this.byTxid.set(txid, payment);
  }

  private settle(payment: PaymentRecord): void {
    this.incompleteA2U.delete(payment);
    this.openU2A.delete(payment);
  }
}

const verificationFailed = (verificationError: string, message: string): ApiError =>
  new ApiError(400, 'verification_failed', message, { verification_error: verificationError });

function refuseIfSettled(payment: PaymentRecord): void {
  if (payment.completed) throw badRequest('already_completed', 'the payment is already completed');
  if (payment.cancelled || payment.userCancelled) throw badRequest('cancelled_payment', 'the payment is cancelled');
}
