import { eq, sql } from 'drizzle-orm';
import { fromScaled, toScaled } from '../../../common/amount.ts';
import type { AuditEntry, AuditOrigin } from '../audit/audit-entry.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import type { ApiKeys } from '../auth/api-keys.ts';
import { roleHas, scopeFor, type Scope } from '../auth/permissions.ts';
import { Refusal, refusal } from '../domain/refusal.ts';
import type { Transaction } from '../store/executor.ts';
import { staff, type ApiKeyLimits } from '../store/schema.ts';
import type { LookAlike, LookAlikes } from '../rewards/look-alikes.ts';
import type { RewardLimits, RewardLimitValues } from '../rewards/reward-limits.ts';
import type { Admission, Admitted, NewRewardLikeness, PayoutChecks, PayoutIntent } from '../rewards/payout-intent.ts';

/** The refusals of the gate: the paths audit them. */
const PAYOUT_REFUSAL_CODES: ReadonlySet<string> = new Set(['requester_cannot_pay', 'own_request', 'over_per_reward_cap', 'over_daily_total', 'needs_approval']);

/** The scopes with which an API key may ask for a payout. */
const PAYING_SCOPES: readonly Scope[] = [scopeFor('rewards:pay'), scopeFor('refunds:pay')].filter((scope): scope is Scope => scope !== null);

/** A key's own limits, where it has them, in the console's names; the console's limits stand for the rest. */
function definedLimits(key: ApiKeyLimits): Partial<RewardLimitValues> {
  return {
    ...(key.perRewardCap ? { perRewardCap: key.perRewardCap } : {}),
    ...(key.dailyTotal ? { dailyTotalPerStaff: key.dailyTotal } : {}),
  };
}

/** Where a payout is in its life when it meets the gate. */
type Passage = { kind: 'new' } | { kind: 'approval'; approver: string } | { kind: 'retry' };

/**
 * The one set of checks every payout passes, whichever path made it: a reward, a batch, a payment
 * adopted by clearing, an approval, a retry. Each runs inside the transaction that moves the rewards,
 * under the requester's lock, so a staff change or a second request of theirs waits its turn.
 */
export class PayoutGate implements PayoutChecks {
  constructor(private readonly deps: { limits: RewardLimits; audit: AuditLog; keys: ApiKeys; lookAlikes: LookAlikes }) {}

  /**
   * A new single reward: the requester's lock, then the user's (always in this order), so that of two
   * look-alikes asked for at once by anyone the second sees the first. A look-alike is refused unless
   * confirmed, after the limits (confirming what the limits refuse would not pay it either).
   */
  admission(intent: Omit<PayoutIntent, 'approvedBy'>, reward: NewRewardLikeness): Admission {
    return {
      lock: async (tx) => {
        await this.lock(tx, intent.requestedBy);
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`plat-console:rewards-of-user:${reward.uid}`}))`);
      },
      admit: async (tx) => {
        const admitted = await this.admit(tx, intent);
        const earlier = reward.confirmed ? null : await this.deps.lookAlikes.latestIn(tx, reward);
        if (earlier) throw lookAlikeRefusal(earlier, reward.amount);
        return admitted;
      },
    };
  }

  /** A new intent: refused over a limit; above the approval threshold it waits for a second person. */
  async admit(tx: Transaction, intent: Omit<PayoutIntent, 'approvedBy'>): Promise<Admitted> {
    const { needsApproval } = await this.check(tx, { ...intent, approvedBy: null }, { kind: 'new' });
    return { awaitsApproval: needsApproval } as Admitted;
  }

  /** A second person lets a waiting intent go on: never its requester, and only while the requester may still pay. */
  async approve(tx: Transaction, intent: PayoutIntent, approver: string): Promise<void> {
    await this.check(tx, intent, { kind: 'approval', approver });
  }

  /**
   * A failed reward sent on again. A retry re-drives an intent already let in, so its approval stands
   * and its amount, already counted on the day it was asked for, is not counted again; every other
   * check applies as it stands now: the requester may still pay, today's cap, and the threshold when
   * nobody approved it (then it is refused: cancel it and ask again, so a second person sees it).
   */
  async readmit(tx: Transaction, intent: PayoutIntent): Promise<void> {
    const { needsApproval } = await this.check(tx, intent, { kind: 'retry' });
    if (needsApproval) {
      throw refusal('rejected', 'needs_approval', 'This reward is above the approval threshold now and nobody approved it: cancel it and ask again, so that another manager or admin can approve it.');
    }
  }

  /** The two-person rule: whoever asked for an intent never approves it, nor rejects it. */
  decidedByAnother(requestedBy: string, decider: string, decision: 'approve' | 'reject'): void {
    if (decider !== requestedBy) return;
    throw refusal(
      'forbidden',
      'own_request',
      decision === 'approve' ? 'You asked for this: another manager or admin must approve it.' : 'You asked for this: another manager or admin approves or rejects it. Withdraw it if it should not be paid.',
    );
  }

  /** Until the transaction ends, every other payout of this requester, and any change to their role, waits. */
  async lock(tx: Transaction, requestedBy: string): Promise<void> {
    // The key is the one the limits took before the gate, so instances of both versions take turns.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`plat-console:reward-limits:${requestedBy}`}))`);
  }

  /** Runs `work`, auditing a refusal of the gate (after its transaction was rolled back) as `entry` says. */
  async audited<T>(origin: AuditOrigin, entry: Pick<AuditEntry, 'action' | 'target' | 'details'>, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof Refusal && PAYOUT_REFUSAL_CODES.has(error.code)) {
        await this.deps.audit.append({ ...origin, ...entry, outcome: 'refused', details: { ...entry.details, code: error.code } });
      }
      throw error;
    }
  }

  private async check(tx: Transaction, intent: PayoutIntent, passage: Passage): Promise<{ needsApproval: boolean }> {
    if (passage.kind === 'approval') this.decidedByAnother(intent.requestedBy, passage.approver, 'approve');
    await this.lock(tx, intent.requestedBy);
    const keyLimits = await this.requesterMayPay(tx, intent.requestedBy);
    const limits = { ...(await this.deps.limits.get(tx)), ...definedLimits(keyLimits) };
    const total = toScaled(intent.spend.total);
    const largest = toScaled(intent.spend.largest);
    if (limits.perRewardCap !== null && largest > toScaled(limits.perRewardCap)) {
      throw refusal('rejected', 'over_per_reward_cap', `A reward may be at most ${limits.perRewardCap}; this one is ${fromScaled(largest)}.`, { perRewardCap: limits.perRewardCap });
    }
    if (passage.kind === 'new' && limits.dailyTotalPerStaff !== null) {
      const spent = await this.deps.limits.spentToday(tx, intent.requestedBy);
      if (spent + total > toScaled(limits.dailyTotalPerStaff)) {
        throw refusal('rejected', 'over_daily_total', `This would take the rewards asked for today to ${fromScaled(spent + total)}, over the daily total of ${limits.dailyTotalPerStaff} per staff member.`, {
          dailyTotalPerStaff: limits.dailyTotalPerStaff,
          spentToday: fromScaled(spent),
        });
      }
    }
    // The funds check plugs in here (the wallet issue): the app wallet must hold `intent.spend.total`,
    // on every passage, since an approval or a retry can come long after the request.
    const approved = intent.approvedBy !== null || passage.kind === 'approval';
    return { needsApproval: !approved && limits.approvalThreshold !== null && total > toScaled(limits.approvalThreshold) };
  }

  /**
   * Nothing is paid on the say-so of someone who may no longer pay: a staff member disabled or in a role
   * without rewards:pay, or an API key revoked, expired or without a paying scope. Answers a key's own limits.
   */
  private async requesterMayPay(tx: Transaction, requestedBy: string): Promise<ApiKeyLimits> {
    const [requester] = await tx.select({ role: staff.role, disabledAt: staff.disabledAt, email: staff.email }).from(staff).where(eq(staff.id, requestedBy));
    if (requester && requester.disabledAt === null && roleHas(requester.role, 'rewards:pay')) return {};
    if (!requester) {
      const key = await this.deps.keys.liveKey(tx, requestedBy);
      if (key && PAYING_SCOPES.some((scope) => key.scopes.includes(scope))) return key.limits;
      throw refusal('rejected', 'requester_cannot_pay', `${key ? `The API key "${key.name}"` : 'The API key'} that asked for this is revoked, expired or no longer has a paying scope: nothing is paid on its say-so.`);
    }
    throw refusal('rejected', 'requester_cannot_pay', `${requester?.email ?? 'The staff member'} asked for this and may no longer pay rewards (disabled, or in a role that does not pay): nothing is paid on their say-so. Ask for it again yourself if it should still be paid.`);
  }
}

function lookAlikeRefusal(earlier: LookAlike, amount: string): Refusal {
  const who = earlier.requestedBy.email ?? (earlier.requestedBy.apiKey ? `The API key "${earlier.requestedBy.apiKey}"` : 'A staff member');
  const when = `${earlier.requestedAt.slice(0, 16).replace('T', ' ')} UTC`;
  return refusal(
    'conflict',
    'look_alike',
    `${who} already asked to pay this user ${amount} with the same memo at ${when} (reward ${earlier.id}, ${earlier.state.replace('_', ' ')}). This request was not taken: nothing was paid. If the user should be paid twice, send it again with "confirmLookAlike": true.`,
    { rewardId: earlier.id, similarTo: earlier },
  );
}
