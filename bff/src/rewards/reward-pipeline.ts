import type { AuditOrigin } from '../audit/audit-entry.ts';
import { CannotHealError } from '../domain/cannot-heal-error.ts';
import { refusal } from '../domain/refusal.ts';
import { PlatformError } from '../platform/platform-error.ts';
import type { Payment } from '../platform/schemas.ts';
import { CompleteStep } from './reward-complete-step.ts';
import { CreateStep } from './reward-create-step.ts';
import { explain } from './reward-explanations.ts';
import { UNFINISHED_STATES, type RewardRow } from './reward-row.ts';
import { SendStep } from './reward-send-step.ts';
import { StepOutcomes, type PipelineDeps, type StepResult } from './reward-step-outcomes.ts';
import { backoffMs } from '../upstream/backoff.ts';
import { REWARD_BACKOFF } from './upstream-verdicts.ts';

const MAX_STEPS_PER_DRIVE = 12;

/**
 * Moves a reward through its recovery points: requested → created → signed → submitted → completed,
 * one module per step (create, sign and send, complete); the moves are the transitions table's.
 * Each point is committed before the next upstream call, and an answer that did not arrive is never
 * taken as a no: the next attempt first finds out what happened (the platform's incomplete list and
 * the payment itself, the ledger by transaction hash) and only then acts.
 */
export class RewardPipeline {
  private readonly outcomes: StepOutcomes;
  private readonly creating: CreateStep;
  private readonly sending: SendStep;
  private readonly completing: CompleteStep;

  constructor(private readonly deps: PipelineDeps) {
    this.outcomes = new StepOutcomes(deps);
    this.creating = new CreateStep(deps, this.outcomes);
    this.sending = new SendStep(deps, this.outcomes);
    this.completing = new CompleteStep(deps, this.outcomes);
  }

  /**
   * Drives one reward as far as it can go now; null when another driver holds it. `leased` is the row
   * when `owner` has just taken its lease (a new reward), which then need not be taken again. Once the
   * process is stopping no step starts: the reward is released where it stands, due at once.
   */
  async drive(id: string, owner: string, leased?: RewardRow): Promise<RewardRow | null> {
    const { store, logger } = this.deps;
    const row = leased ?? (await store.lease(id, owner));
    if (!row) return null;
    let last: StepResult = { row, waitMs: null };
    try {
      await store.held(id, owner, async () => {
        for (let steps = 0; steps < MAX_STEPS_PER_DRIVE && isUnfinished(last.row) && last.waitMs === null && !this.deps.stopping.aborted; steps++) last = await this.stepOrEnd(last, owner);
      });
    } catch (error) {
      logger.warn('reward step failed; it is tried again later', { rewardId: id, state: last.row.state, error });
      last = { row: last.row, waitMs: backoffMs(last.row.attempts, REWARD_BACKOFF), backoff: true };
    }
    return (await store.release(id, owner, { retryInMs: last.waitMs ?? 0, backedOff: last.backoff === true })) ?? (await store.get(id)) ?? last.row;
  }

  /**
   * A person's cancel, only where nothing can have moved: before the payment exists, or while it has
   * no transaction that could still apply. The payment, if any, is cancelled on the platform first.
   */
  async cancel(row: RewardRow, owner: string, origin: AuditOrigin): Promise<RewardRow> {
    const { platform, index, store } = this.deps;
    const paymentId = row.paymentId ?? (row.createAttempts > 0 ? ((await this.creating.findOwnPayment(row))?.identifier ?? null) : null);
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
      move: 'cancel',
      patch: { paymentId, errorCode: 'cancelled_by_staff', errorMessage: explain('cancelled_by_staff') },
      detail: paymentId ? { paymentId } : {},
      audit: { ...origin, outcome: 'ok' },
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
      return this.outcomes.end({ row: last.row, owner, move: mayHaveMoved ? 'set_aside' : 'fail', code: error.code, message: error.message });
    }
  }

  private step({ row, learnt }: StepResult, owner: string): Promise<StepResult> {
    switch (row.state) {
      case 'requested':
        return this.creating.run(row, owner);
      case 'created':
        return this.sending.signAndSend(row, owner, learnt && 'payment' in learnt ? learnt.payment : null);
      case 'signed':
        return this.sending.resend(row, owner);
      case 'submitted':
        return this.completing.run(row, owner, learnt !== undefined && 'applied' in learnt);
      default:
        return Promise.resolve({ row, waitMs: null });
    }
  }
}

function isUnfinished(row: RewardRow): boolean {
  return (UNFINISHED_STATES as readonly string[]).includes(row.state);
}
