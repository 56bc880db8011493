import { and, eq, gte, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { fromScaled, toScaled } from '../../../common/amount.ts';
import type { AuditOrigin } from '../audit/audit-entry.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import type { Clock } from '../clock.ts';
import { refusal } from '../domain/refusal.ts';
import type { Database } from '../store/database.ts';
import type { Executor, Transaction } from '../store/executor.ts';
import { rewards, settings } from '../store/schema.ts';
import { rewardAmountSchema } from './reward-input.ts';

const SETTINGS_KEY = 'reward_limits';

/** A limit: a decimal string, or null for none. */
const limitSchema = rewardAmountSchema.nullable();

export const rewardLimitsSchema = z.object({
  perRewardCap: limitSchema,
  dailyTotalPerStaff: limitSchema,
  approvalThreshold: limitSchema,
});

export type RewardLimitValues = z.output<typeof rewardLimitsSchema>;

export const NO_LIMITS: RewardLimitValues = { perRewardCap: null, dailyTotalPerStaff: null, approvalThreshold: null };

/** The codes of the limits' refusals: the service audits them. */
export const LIMIT_REFUSAL_CODES = ['over_per_reward_cap', 'over_daily_total'] as const;

/** What a request of one or more rewards asks for, checked against the limits as one. */
export interface Spend {
  /** The largest single reward. */
  largest: string;
  total: string;
}

/** The admin's spending limits (Settings), and the check that reserves a request's amount against them. */
export class RewardLimits {
  constructor(private readonly deps: { db: Database; audit: AuditLog; clock: Clock }) {}

  async get(executor: Executor = this.deps.db): Promise<RewardLimitValues> {
    const [row] = await executor.select({ value: settings.value }).from(settings).where(eq(settings.key, SETTINGS_KEY));
    const parsed = rewardLimitsSchema.safeParse(row?.value);
    return parsed.success ? parsed.data : NO_LIMITS;
  }

  async set(limits: RewardLimitValues, origin: AuditOrigin): Promise<RewardLimitValues> {
    const { db, audit, clock } = this.deps;
    await db.transaction(async (tx) => {
      const before = await this.get(tx);
      await tx
        .insert(settings)
        .values({ key: SETTINGS_KEY, value: limits, updatedAt: clock.now() })
        .onConflictDoUpdate({ target: settings.key, set: { value: limits, updatedAt: clock.now() } });
      await audit.append({ ...origin, action: 'settings.reward_limits', target: 'settings:reward_limits', outcome: 'ok', details: { before, after: limits } }, tx);
    });
    return limits;
  }

  /** Until the transaction ends, the staff member's other requests wait: two cannot both slip under the daily total. */
  async lock(tx: Transaction, staffId: string): Promise<void> {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`plat-console:reward-limits:${staffId}`}))`);
  }

  /**
   * Inside the transaction that inserts the rewards, after `lock`: refuses a spend over the cap or over
   * the staff member's daily total (the UTC day), and says whether it needs a second person's approval.
   */
  async admit(tx: Transaction, staffId: string, spend: Spend): Promise<{ needsApproval: boolean }> {
    const limits = await this.get(tx);
    const total = toScaled(spend.total);
    if (limits.perRewardCap !== null && toScaled(spend.largest) > toScaled(limits.perRewardCap)) {
      throw refusal('rejected', 'over_per_reward_cap', `A reward may be at most ${limits.perRewardCap}; this one is ${spend.largest}.`, { perRewardCap: limits.perRewardCap });
    }
    if (limits.dailyTotalPerStaff !== null) {
      const spent = await this.spentToday(tx, staffId);
      if (spent + total > toScaled(limits.dailyTotalPerStaff)) {
        throw refusal('rejected', 'over_daily_total', `This would take your rewards today to ${fromScaled(spent + total)}, over the daily total of ${limits.dailyTotalPerStaff} per staff member.`, {
          dailyTotalPerStaff: limits.dailyTotalPerStaff,
          spentToday: fromScaled(spent),
        });
      }
    }
    return { needsApproval: limits.approvalThreshold !== null && total > toScaled(limits.approvalThreshold) };
  }

  /** Everything the staff member asked for today that is not cancelled, awaiting approval included. */
  private async spentToday(tx: Transaction, staffId: string): Promise<bigint> {
    const now = this.deps.clock.now();
    const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    const [row] = await tx
      .select({ total: sql<string>`coalesce(sum(${rewards.amount}), 0)::text` })
      .from(rewards)
      .where(and(eq(rewards.requestedBy, staffId), gte(rewards.createdAt, dayStart), ne(rewards.state, 'cancelled')));
    return toScaled(row?.total ?? '0');
  }
}
