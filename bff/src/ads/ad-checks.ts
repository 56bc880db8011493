import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { AuditOrigin } from '../audit/audit-entry.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import type { Clock } from '../clock.ts';
import { mapConcurrent } from '../concurrency.ts';
import { refusal } from '../domain/refusal.ts';
import { distinctIds, pathIdProblemWords } from '../platform/ids.ts';
import type { PlatformClient } from '../platform/platform-client.ts';
import { PlatformError } from '../platform/platform-error.ts';
import type { Database } from '../store/database.ts';
import { adChecks } from '../store/schema.ts';

export interface AdCheckView {
  id: number;
  adId: string;
  checkedAt: string;
  checkedBy: string | null;
  result: 'ok' | 'not_found' | 'error';
  status: 'granted' | 'revoked' | 'failed' | null;
  grantedAt: string | null;
  revokedAt: string | null;
  /** The spec's rule: a reward only for `granted`. */
  reward: boolean;
  errorCode: string | null;
}

export type BatchCheckResult = (AdCheckView & { id: number }) | { adId: string; result: 'invalid'; message: string };

export interface AdCheckFilters {
  adId?: string;
  reward?: boolean;
  result?: AdCheckView['result'];
  from?: Date;
  to?: Date;
}

const CONCURRENCY = 8;

function view(row: typeof adChecks.$inferSelect): AdCheckView {
  return {
    id: row.id,
    adId: row.adId,
    checkedAt: row.checkedAt.toISOString(),
    checkedBy: row.checkedBy,
    result: row.result,
    status: row.status,
    grantedAt: row.grantedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    reward: row.reward,
    errorCode: row.errorCode,
  };
}

/** Rewarded-ad status checks: asked of the platform, each one stored as history with its verdict. */
export class AdChecks {
  constructor(private readonly deps: { db: Database; clock: Clock; platform: PlatformClient; audit: AuditLog }) {}

  /** Checks one ad and stores the check; an unknown ad or a failure to reach the platform is stored, then thrown. */
  async check(adId: string, checkedBy: string | null): Promise<AdCheckView> {
    const { check, error } = await this.checkAndStore(adId, checkedBy);
    if (error) throw error;
    if (check.result === 'not_found') throw refusal('not_found', 'ad_not_found', 'No ad with this id.');
    return check;
  }

  /** A batch a staff member asked for, audited before it starts: how many distinct ads, and their results as they come. */
  async checkBatch(adIds: readonly string[], origin: AuditOrigin): Promise<{ total: number; results: AsyncGenerator<BatchCheckResult> }> {
    await this.deps.audit.append({ ...origin, action: 'ads.check', target: null, outcome: 'ok', details: { count: adIds.length } });
    return { total: distinctIds(adIds).length, results: this.checkMany(adIds, origin.actor?.email ?? null) };
  }

  /** Many ads with bounded concurrency; each result as it comes. Malformed ids are refused without a call. */
  private async *checkMany(adIds: readonly string[], checkedBy: string | null): AsyncGenerator<BatchCheckResult> {
    const valid: string[] = [];
    for (const adId of distinctIds(adIds)) {
      const problem = pathIdProblemWords(adId);
      if (problem) yield { adId, result: 'invalid', message: `The ad id ${problem}.` };
      else valid.push(adId);
    }
    yield* mapConcurrent(valid, CONCURRENCY, async (adId) => (await this.checkAndStore(adId, checkedBy)).check);
  }

  /** The stored check, and the error that made it fail when the platform could not say (not for "not found"). */
  private async checkAndStore(adId: string, checkedBy: string | null): Promise<{ check: AdCheckView; error: PlatformError | null }> {
    const base = { adId, checkedAt: this.deps.clock.now(), checkedBy };
    try {
      const status = await this.deps.platform.getAdStatus(adId);
      const check = await this.store({
        ...base,
        result: 'ok',
        status: status.mediator_ack_status,
        grantedAt: status.mediator_granted_at ? new Date(status.mediator_granted_at) : null,
        revokedAt: status.mediator_revoked_at ? new Date(status.mediator_revoked_at) : null,
        reward: status.mediator_ack_status === 'granted',
      });
      return { check, error: null };
    } catch (error) {
      if (!(error instanceof PlatformError) || error.code === 'invalid_id') throw error;
      const notFound = error.status === 404;
      const check = await this.store({ ...base, result: notFound ? 'not_found' : 'error', reward: false, errorCode: error.code });
      return { check, error: notFound ? null : error };
    }
  }

  async history(filters: AdCheckFilters, page: { cursor?: number; limit: number }): Promise<{ checks: AdCheckView[]; nextCursor: string | null }> {
    const conditions = this.conditions(filters);
    if (page.cursor !== undefined) conditions.push(lt(adChecks.id, page.cursor));
    const rows = await this.deps.db
      .select()
      .from(adChecks)
      .where(and(...conditions))
      .orderBy(desc(adChecks.id))
      .limit(page.limit + 1);
    const checks = rows.slice(0, page.limit).map(view);
    const last = checks.at(-1);
    return { checks, nextCursor: rows.length > page.limit && last ? String(last.id) : null };
  }

  /** Checks since the start of the day (UTC), by verdict. */
  async countsToday(): Promise<{ rewardYes: number; rewardNo: number }> {
    const now = this.deps.clock.now();
    const midnight = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    const rows = await this.deps.db
      .select({ reward: adChecks.reward, n: count() })
      .from(adChecks)
      .where(gte(adChecks.checkedAt, midnight))
      .groupBy(adChecks.reward);
    return { rewardYes: rows.find((row) => row.reward)?.n ?? 0, rewardNo: rows.find((row) => !row.reward)?.n ?? 0 };
  }

  private conditions(filters: AdCheckFilters): SQL[] {
    const conditions: SQL[] = [];
    if (filters.adId) conditions.push(eq(adChecks.adId, filters.adId));
    if (filters.reward !== undefined) conditions.push(eq(adChecks.reward, filters.reward));
    if (filters.result) conditions.push(eq(adChecks.result, filters.result));
    if (filters.from) conditions.push(gte(adChecks.checkedAt, filters.from));
    if (filters.to) conditions.push(lt(adChecks.checkedAt, filters.to));
    return conditions;
  }

  private async store(values: typeof adChecks.$inferInsert): Promise<AdCheckView> {
    const [row] = await this.deps.db.insert(adChecks).values(values).returning();
    if (!row) throw new Error('The check could not be stored: the insert returned no row.');
    return view(row);
  }
}

