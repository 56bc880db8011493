import { eq, inArray, sql } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import { Refusal } from '../domain/refusal.ts';
import type { Database } from '../store/database.ts';
import { signInFailures } from '../store/schema.ts';

interface Limit {
  /** Failures allowed before delays start. */
  free: number;
}

// A shared office address makes many honest failures per IP, so the per-IP limit starts later.
const ACCOUNT: Limit = { free: 3 };
const CLIENT: Limit = { free: 10 };
const MAX_DELAY_MS = 15 * 60_000;
// Failures older than this are forgotten.
const WINDOW_MS = 60 * 60_000;

function delayAfter(failures: number, limit: Limit): number {
  if (failures < limit.free) return 0;
  return Math.min(MAX_DELAY_MS, 1000 * 2 ** (failures - limit.free));
}

function keysOf(email: string, ip: string | null): Array<{ key: string; limit: Limit }> {
  const keys = [{ key: `account:${email}`, limit: ACCOUNT }];
  if (ip) keys.push({ key: `ip:${ip}`, limit: CLIENT });
  return keys;
}

/** Told of each failed sign-in the throttle counts (the metrics). */
export interface SignInObserver {
  failed(): void;
}

/** The answer to an attempt made while the throttle says wait. */
export function throttledRefusal(waitMs: number): Refusal {
  const seconds = Math.ceil(waitMs / 1000);
  return new Refusal({ kind: 'throttled', code: 'too_many_attempts', message: `Too many failed sign-ins; try again in ${seconds} s.`, retryAfterSeconds: seconds });
}

/**
 * Growing delays after failed sign-ins (a wrong password, a wrong second factor), per account and per client address. Unknown emails count alike.
 */
export class SignInThrottle {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly observer?: SignInObserver,
  ) {}

  /** Milliseconds to wait before another attempt is allowed, or 0. */
  async waitFor(email: string, ip: string | null): Promise<number> {
    const keys = keysOf(email, ip).map((entry) => entry.key);
    const rows = await this.db.select().from(signInFailures).where(inArray(signInFailures.key, keys));
    const now = this.clock.now().getTime();
    return Math.max(0, ...rows.map((row) => row.blockedUntil.getTime() - now));
  }

  async recordFailure(email: string, ip: string | null): Promise<void> {
    this.observer?.failed();
    const now = this.clock.now();
    const windowStart = new Date(now.getTime() - WINDOW_MS);
    for (const { key, limit } of keysOf(email, ip)) {
      // One atomic upsert counts the failure, so parallel attempts cannot slip past the count.
      const [counted] = await this.db
        .insert(signInFailures)
        .values({ key, failures: 1, lastFailureAt: now, blockedUntil: now })
        .onConflictDoUpdate({
          target: signInFailures.key,
          set: {
            failures: sql`CASE WHEN ${signInFailures.lastFailureAt} > ${windowStart.toISOString()} THEN ${signInFailures.failures} + 1 ELSE 1 END`,
            lastFailureAt: now,
          },
        })
        .returning({ failures: signInFailures.failures });
      const failures = counted?.failures ?? 1;
      await this.db
        .update(signInFailures)
        .set({ blockedUntil: new Date(now.getTime() + delayAfter(failures, limit)) })
        .where(eq(signInFailures.key, key));
    }
  }

  /** A successful sign-in clears the account's count; the address's stays (one own account must not reset it). */
  async recordSuccess(email: string): Promise<void> {
    await this.db.delete(signInFailures).where(eq(signInFailures.key, `account:${email}`));
  }
}

