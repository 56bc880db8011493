import { and, eq, gte, notInArray, sql } from 'drizzle-orm';
import { AuditedSetting } from '../audit/audited-setting.ts';
import { z } from 'zod';
import { fromScaled, toScaled } from '../../../common/amount.ts';
import type { AuditOrigin } from '../audit/audit-entry.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../store/database.ts';
import type { Executor, Transaction } from '../store/executor.ts';
import { rewards } from '../store/schema.ts';
import { amountSchema } from '../domain/amount-schema.ts';

const SETTINGS_KEY = 'reward_limits' as const;

/** A limit: a decimal string, or null for none. */
const limitSchema = amountSchema.nullable();

export const rewardLimitsSchema = z.object({
  perRewardCap: limitSchema,
  dailyTotalPerStaff: limitSchema,
  approvalThreshold: limitSchema,
});

export type RewardLimitValues = z.output<typeof rewardLimitsSchema>;

export const NO_LIMITS: RewardLimitValues = { perRewardCap: null, dailyTotalPerStaff: null, approvalThreshold: null };

/** The admin's spending limits (Settings), and what a staff member has asked for today; `PayoutGate` applies them. */
export class RewardLimits {
  private readonly setting: AuditedSetting<RewardLimitValues>;

  constructor(private readonly deps: { db: Database; audit: AuditLog; clock: Clock }) {
    this.setting = new AuditedSetting(deps, SETTINGS_KEY, rewardLimitsSchema, NO_LIMITS);
  }

  get(executor?: Executor): Promise<RewardLimitValues> {
    return this.setting.get(executor);
  }

  set(limits: RewardLimitValues, origin: AuditOrigin): Promise<RewardLimitValues> {
    return this.setting.set(limits, origin);
  }

  /** Everything the staff member asked for today that is not cancelled or rejected (nothing paid), awaiting approval included. */
  async spentToday(tx: Transaction, staffId: string): Promise<bigint> {
    const now = this.deps.clock.now();
    const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    const [row] = await tx
      .select({ total: sql<string>`coalesce(sum(${rewards.amount}), 0)::text` })
      .from(rewards)
      .where(and(eq(rewards.requestedBy, staffId), gte(rewards.createdAt, dayStart), notInArray(rewards.state, ['cancelled', 'rejected'])));
    return toScaled(row?.total ?? '0');
  }
}
