import type { AuditAction } from '../audit/audit-action.ts';
import type { AuditOrigin } from '../audit/audit-entry.ts';
import type { Clock } from '../clock.ts';
import type { Logger } from '../logger.ts';
import type { PaymentIndex } from '../payments/payment-index.ts';
import type { PlatformClient } from '../platform/platform-client.ts';
import { PlatformError } from '../platform/platform-error.ts';
import type { Payment } from '../platform/schemas.ts';
import type { CreateWait } from './create-wait.ts';
import type { RewardChain } from './reward-chain.ts';
import { explain } from './reward-explanations.ts';
import type { RewardFunds } from './reward-funds.ts';
import type { RewardObserver } from './reward-observer.ts';
import { REWARD_ID_METADATA_KEY } from '../../../common/limits.ts';
import type { RewardPatch, RewardRow } from './reward-row.ts';
import type { RewardStore } from './reward-store.ts';
import type { RewardMove } from './reward-transitions.ts';
import type { SequenceLane } from './sequence-lane.ts';
import { backoffMs } from '../upstream/backoff.ts';
import { REWARD_BACKOFF } from './upstream-verdicts.ts';

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
  clock: Clock;
  logger: Logger;
  /** Aborted when the process stops: no step starts after it, and a step in progress ends at its next recovery point. */
  stopping: AbortSignal;
  /** Told how many ledgers each sent transaction waited for (the metrics). */
  observer?: RewardObserver | undefined;
}

/** What one step leaves: the row as committed, and whether to go on now (null) or try again later. */
export interface StepResult {
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

/** What the pipeline does by itself is audited with no actor. */
export const SYSTEM: AuditOrigin = { actor: null, clientIp: null, requestId: null };

/** The ways a step ends or waits, each committed as a recovery point: shared by the create, send and complete steps. */
export class StepOutcomes {
  constructor(private readonly deps: Pick<PipelineDeps, 'store' | 'platform' | 'index'>) {}

  /** Ends the reward by `move` (to failed, cancelled or needs attention), with the code and its plain words. */
  async end(options: { row: RewardRow; owner: string; move: RewardMove; code: string; message?: string | undefined; error?: PlatformError | undefined; patch?: RewardPatch }): Promise<StepResult> {
    const { row, owner, move, code, error } = options;
    const ended = await this.deps.store.record(row, owner, {
      move,
      patch: { ...options.patch, errorCode: code, errorMessage: explain(code, options.message) },
      detail: { code },
      audit: { ...SYSTEM, outcome: error?.answered ? 'refused' : 'failed', upstream: error ? { status: error.status, code: error.code } : null },
    });
    return { row: ended, waitMs: null };
  }

  /** An attempt that did not settle anything: noted once per reason, tried again after a back-off (at most `atMostMs`). */
  async wait(options: { row: RewardRow; owner: string; action: AuditAction; code: string; message: string; error?: PlatformError | undefined; atMostMs?: number }): Promise<StepResult> {
    const { row, owner, action, code, error } = options;
    // The reward's back-off: one formula, in upstream-verdicts.ts.
    const waitMs = Math.min(error?.retryAfterMs ?? backoffMs(row.attempts, REWARD_BACKOFF), options.atMostMs ?? Infinity);
    if (row.errorCode === code) return { row, waitMs, backoff: true };
    const noted = await this.deps.store.record(row, owner, {
      patch: { errorCode: code, errorMessage: explain(code, options.message) },
      step: 'waiting',
      detail: { code },
      audit: { ...SYSTEM, action, outcome: 'failed', upstream: error ? { status: error.status, code: error.code } : null },
    });
    return { row: noted, waitMs, backoff: true };
  }

  /** A reason the reward cannot go on by itself now (no wallet), noted once. */
  async note(options: { row: RewardRow; owner: string; code: string; waitMs: number }): Promise<StepResult> {
    return { row: await this.noteOnce(options.row, options.owner, options.code), waitMs: options.waitMs };
  }

  /** What the reward waits for, in its row and timeline once, however often it is met. */
  async noteOnce(row: RewardRow, owner: string, code: string): Promise<RewardRow> {
    if (row.errorCode === code) return row;
    return this.deps.store.record(row, owner, { patch: { errorCode: code, errorMessage: explain(code) }, step: 'waiting', detail: { code } });
  }

  /** The payment fresh from the platform, or the step's end when the platform no longer knows it. */
  async readPayment(row: RewardRow, owner: string, paymentId: string): Promise<Payment | { ended: StepResult }> {
    try {
      const payment = await this.deps.platform.getPayment(paymentId);
      await this.deps.index.record([payment], 'console');
      return payment;
    } catch (error) {
      if (error instanceof PlatformError && error.status === 404) return { ended: await this.end({ row, owner, move: 'set_aside', code: 'payment_not_found' }) };
      throw error;
    }
  }
}

export function isOwnPayment(payment: Payment, row: RewardRow): boolean {
  return payment.direction === 'app_to_user' && payment.metadata[REWARD_ID_METADATA_KEY] === row.id;
}

export function required<T>(value: T | null, name: string): T {
  if (value === null) throw new Error(`reward is missing ${name} for its state`);
  return value;
}
