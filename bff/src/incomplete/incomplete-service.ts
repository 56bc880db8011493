import type { AuditOrigin } from '../audit/audit-entry.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import { mapConcurrent } from '../concurrency.ts';
import { recordEventOnce } from '../events/event-log.ts';
import { publicPaymentOf } from '../payments/public-payment.ts';
import type { Database } from '../store/database.ts';
import { Refusal } from '../domain/refusal.ts';
import type { PaymentActions } from '../payments/payment-actions.ts';
import type { PaymentIndex } from '../payments/payment-index.ts';
import { paymentTarget } from '../payments/payment-timeline.ts';
import { viewOf, type PaymentView } from '../payments/payment-view.ts';
import type { PlatformClient } from '../platform/platform-client.ts';
import { PlatformError } from '../platform/platform-error.ts';
import type { Payment } from '../platform/schemas.ts';
import { explain } from '../rewards/reward-explanations.ts';
import type { RewardService } from '../rewards/reward-service.ts';
import { clearingPlan, type ClearingPlan } from './clearing-plan.ts';
import type { ConsoleKnowledge } from './console-knowledge.ts';

export interface IncompleteItem {
  /** As the platform listed it. */
  listed: PaymentView;
  /** As read again just now; null when the re-read failed. */
  current: PaymentView | null;
  plan: ClearingPlan;
  known: ConsoleKnowledge;
}

export type ClearResult =
  | { id: string; result: 'completed' | 'cancelled'; payment: PaymentView }
  | { id: string; result: 'skipped'; reason: string }
  /** Paid through a reward above the approval threshold: nothing is signed until a second person approves it. */
  | { id: string; result: 'awaiting_approval'; rewardId: string; message: string }
  | { id: string; result: 'refused' | 'failed'; code: string; message: string };

const CONCURRENCY = 4;
/** With a list that shows only the latest payment, how many rounds of "list, then clear" at most. */
export const MAX_CLEARING_ROUNDS = 50;
const CANCEL_REASON = 'Cleared from the incomplete server payments: no transaction was ever recorded.';

/** For payments without a transaction the console could pay: pay them (the plan's fix) or cancel them. */
export type UnpaidFix = 'submit_and_complete' | 'cancel';

/** The app's stuck A2U payments: what each needs, and clearing them safely in bulk. */
export class IncompleteService {
  constructor(
    private readonly deps: {
      db: Database;
      platform: PlatformClient;
      index: PaymentIndex;
      actions: PaymentActions;
      audit: AuditLog;
      knowledge: (ids: string[]) => Promise<Map<string, ConsoleKnowledge>>;
      /** Pays payments through the rewards pipeline, from `walletAddress` (null: the console has no app wallet). */
      rewards: RewardService;
      walletAddress: string | null;
      maxRounds?: number;
    },
  ) {}

  /** Each listed payment (or those of the given ids still listed), read again, with the fix that fits. */
  async plan(ids?: string[]): Promise<IncompleteItem[]> {
    return this.describe(await this.listTargets(ids));
  }

  /**
   * A clearing a staff member asked for, audited before it starts: how many payments it starts with
   * (the listed ones, or those of the given ids), and the results as they come.
   */
  async startClearing(ids: string[] | undefined, origin: AuditOrigin, unpaid: UnpaidFix): Promise<{ total: number; results: AsyncGenerator<ClearResult | { note: string }> }> {
    await this.deps.audit.append({ ...origin, action: 'incomplete.clear', target: null, outcome: 'ok', details: { ids: ids ?? 'all listed', unpaid } });
    // The total is what is listed now; re-reading each payment is the clearing's own work.
    const total = (await this.listTargets(ids)).length;
    return { total, results: this.clear(ids, origin, unpaid) };
  }

  /**
   * Lists the incomplete server payments, as the periodic watch does, and records `incomplete.found`
   * once per payment id the platform lists (a key kept with the event). Answers how many it recorded.
   */
  async recordListed(now: Date): Promise<number> {
    const listed = await this.listTargets();
    if (listed.length === 0) return 0;
    return this.deps.db.transaction(async (tx) => {
      let recorded = 0;
      for (const payment of listed) {
        const event = { type: 'incomplete.found' as const, subjectId: payment.identifier, data: { ...publicPaymentOf(viewOf(payment)) }, at: now };
        if (await recordEventOnce(tx, `incomplete.found:${payment.identifier}`, event)) recorded++;
      }
      return recorded;
    });
  }

  private async listTargets(ids?: string[]): Promise<Payment[]> {
    const listed = await this.deps.platform.listIncompleteServerPayments();
    await this.deps.index.record(listed, 'incomplete_list');
    return ids ? listed.filter((payment) => ids.includes(payment.identifier)) : listed;
  }

  /**
   * Clears the given payments, or every listed one. When the platform lists only the latest, lists
   * again after each round until the list is empty, a payment could not be cleared, or the round bound
   * is reached. A payment is acted on at most once.
   */
  async *clear(ids: string[] | undefined, origin: AuditOrigin, unpaid: UnpaidFix): AsyncGenerator<ClearResult | { note: string }> {
    const handled = new Set<string>();
    const maxRounds = this.deps.maxRounds ?? MAX_CLEARING_ROUNDS;
    for (let round = 1; round <= maxRounds; round++) {
      const listed = await this.deps.platform.listIncompleteServerPayments();
      const targets = listed.filter((payment) => !handled.has(payment.identifier) && (!ids || ids.includes(payment.identifier)));
      if (targets.length === 0) {
        const repeated = listed.some((payment) => handled.has(payment.identifier) && (!ids || ids.includes(payment.identifier)));
        if (repeated) yield { note: 'The platform still lists a payment that was already handled; stopped instead of acting on it twice.' };
        return;
      }
      let anyCleared = false;
      let anyStuck = false;
      for await (const result of mapConcurrent(targets, CONCURRENCY, (payment) => this.clearOne(payment.identifier, origin, unpaid))) {
        handled.add(result.id);
        if (result.result === 'completed' || result.result === 'cancelled') anyCleared = true;
        else anyStuck = true;
        yield result;
      }
      if (ids && ids.every((id) => handled.has(id))) return;
      if (anyStuck || !anyCleared) return;
    }
    yield { note: `Stopped after ${maxRounds} rounds; list the incomplete payments again to go on.` };
  }

  private async clearOne(id: string, origin: AuditOrigin, unpaid: UnpaidFix): Promise<ClearResult> {
    try {
      const current = await this.deps.platform.getPayment(id);
      await this.deps.index.record([current], 'incomplete_list');
      const plan = clearingPlan(current, this.deps.walletAddress);
      if (plan.action === 'complete') return { id, result: 'completed', payment: await this.deps.actions.complete(id, origin) };
      if (plan.action === 'submit_and_complete' && unpaid === 'submit_and_complete') return await this.pay(current, origin);
      if (plan.action === 'cancel' || plan.action === 'submit_and_complete') return { id, result: 'cancelled', payment: await this.deps.actions.cancel(id, CANCEL_REASON, origin) };
      return { id, result: 'skipped', reason: plan.reason };
    } catch (error) {
      if (error instanceof PlatformError) return { id, result: error.answered ? 'refused' : 'failed', code: error.code, message: error.message };
      if (error instanceof Refusal) return { id, result: 'refused', code: error.code, message: error.message };
      throw error;
    }
  }

  /**
   * Submits and completes through the rewards pipeline, whose payout gate may refuse it (over a limit)
   * or hold it for approval; the payment is cleared once its reward is completed.
   */
  private async pay(payment: Payment, origin: AuditOrigin): Promise<ClearResult> {
    const id = payment.identifier;
    if (!origin.actor) throw new Error('paying an incomplete payment needs the staff member who asked');
    const reward = await this.deps.rewards.payPayment(payment, origin.actor.id, origin);
    const awaiting = reward.state === 'awaiting_approval';
    const code = awaiting || reward.state === 'completed' ? null : (reward.errorCode ?? 'reward_in_progress');
    await this.deps.audit.append({ ...origin, action: 'payment.submit_and_complete', target: paymentTarget(id), outcome: code ? 'failed' : 'ok', details: { rewardId: reward.id, state: reward.state, ...(code ? { code } : {}) } });
    if (awaiting) {
      const message = `It is above the approval threshold: its reward ${reward.id} waits for another manager or admin to approve it, and nothing is signed or sent until then.`;
      return { id, result: 'awaiting_approval', rewardId: reward.id, message };
    }
    if (code) return { id, result: 'failed', code, message: `Reward ${reward.id} is ${reward.state.replace('_', ' ')}: ${reward.errorMessage ?? explain(code)}` };
    const completed = await this.deps.platform.getPayment(id);
    await this.deps.index.record([completed], 'action');
    return { id, result: 'completed', payment: viewOf(completed) };
  }

  private async describe(listed: Payment[]): Promise<IncompleteItem[]> {
    const known = await this.deps.knowledge(listed.map((payment) => payment.identifier));
    const items: IncompleteItem[] = [];
    for await (const item of mapConcurrent(listed, CONCURRENCY, async (payment) => {
      const current = await this.deps.platform.getPayment(payment.identifier).catch(() => null);
      if (current) await this.deps.index.record([current], 'incomplete_list');
      return {
        listed: viewOf(payment),
        current: current ? viewOf(current) : null,
        plan: current ? clearingPlan(current, this.deps.walletAddress) : { action: 'none' as const, reason: 'The payment could not be read again just now; try again.' },
        known: known.get(payment.identifier) ?? { firstSeenAt: null, firstSeenSource: null, staffActions: 0 },
      };
    })) {
      items.push(item);
    }
    return listed.map((payment) => items.find((item) => item.listed.identifier === payment.identifier)).filter((item): item is IncompleteItem => item !== undefined);
  }
}
