import { and, count, eq, lte, notInArray, sql } from 'drizzle-orm';
import { FINAL_STATES } from '../../../common/payment-states.ts';
import type { AdChecks } from '../ads/ad-checks.ts';
import type { Clock } from '../clock.ts';
import type { PlatformClient } from '../platform/platform-client.ts';
import type { Database } from '../store/database.ts';
import { payments } from '../store/schema.ts';
import type { Readiness, UpstreamStatus } from '../system/readiness.ts';
import { attentionCounts, type AttentionCounts } from './attention-counts.ts';

export interface Overview {
  /** Null when the platform could not be asked. */
  incompleteServerPayments: number | null;
  stuckUserPayments: number;
  approvedWithoutTransaction: number;
  stuckAfterMinutes: number;
  movingNow: number;
  adsCheckedToday: { rewardYes: number; rewardNo: number };
  upstream: UpstreamStatus;
  store: { ok: boolean; latencyMs: number };
  attention: AttentionCounts;
}

export interface OverviewDeps {
  db: Database;
  clock: Clock;
  platform: PlatformClient;
  readiness: Readiness;
  ads: AdChecks;
  stuckAfterMinutes: number;
}

async function countWhere(db: Database, where: ReturnType<typeof and>): Promise<number> {
  const [row] = await db.select({ n: count() }).from(payments).where(where);
  return row?.n ?? 0;
}

async function storeStatus(db: Database): Promise<Overview['store']> {
  const started = performance.now();
  try {
    await db.execute(sql`SELECT 1`);
    return { ok: true, latencyMs: Math.round(performance.now() - started) };
  } catch {
    return { ok: false, latencyMs: Math.round(performance.now() - started) };
  }
}

/** The home page's numbers: what is stuck, what is moving, what waits for a person, today's ad checks, and whether the parts are up. */
export class OverviewService {
  constructor(private readonly deps: OverviewDeps) {}

  async read(): Promise<Overview> {
    const { db, clock, platform, readiness, ads, stuckAfterMinutes } = this.deps;
    const staleBefore = new Date(clock.now().getTime() - stuckAfterMinutes * 60_000);
    const [incomplete, stuckUserPayments, approvedWithoutTransaction, movingNow, adsCheckedToday, upstream, store, attention] = await Promise.all([
      platform.listIncompleteServerPayments().then(
        (list) => list.length,
        () => null,
      ),
      countWhere(db, and(eq(payments.direction, 'user_to_app'), eq(payments.state, 'awaiting_completion'))),
      countWhere(db, and(eq(payments.state, 'awaiting_transaction'), lte(payments.lastChangedAt, staleBefore))),
      countWhere(db, notInArray(payments.state, [...FINAL_STATES])),
      ads.countsToday(),
      readiness.upstream(),
      storeStatus(db),
      attentionCounts(db),
    ]);
    return { incompleteServerPayments: incomplete, stuckUserPayments, approvedWithoutTransaction, stuckAfterMinutes, movingNow, adsCheckedToday, upstream, store, attention };
  }
}
