import { eq, sql } from 'drizzle-orm';
import type { Database } from '../store/database.ts';
import { settings } from '../store/schema.ts';

const KEY = 'platform_create_wait';

/**
 * The platform's "wait" for payment creation (a 429 with its Retry-After), kept in the store for the
 * whole app: while it holds, no reward or batch row asks to create a payment, whichever part (the
 * reward worker, the batch runner, a request's own drive) and whichever instance drives it. Times are
 * the database's, so instances whose clocks differ agree on when the wait ends.
 */
export class CreateWait {
  constructor(private readonly db: Database) {}

  /** How long creates must still wait, in ms; 0 when they may go. */
  async remainingMs(): Promise<number> {
    const [row] = await this.db
      .select({ ms: sql<string>`GREATEST(0, CEIL(EXTRACT(EPOCH FROM ((${settings.value}->>'until')::timestamptz - now())) * 1000))` })
      .from(settings)
      .where(eq(settings.key, KEY));
    return row ? Number(row.ms) : 0;
  }

  /** The platform said to wait `ms`; a longer wait already in force stays. */
  async holdFor(ms: number): Promise<void> {
    const until = sql`jsonb_build_object('until', now() + make_interval(secs => ${ms / 1000}))`;
    await this.db
      .insert(settings)
      .values({ key: KEY, value: until })
      .onConflictDoUpdate({
        target: settings.key,
        set: { value: sql`CASE WHEN (${settings.value}->>'until')::timestamptz > (excluded.value->>'until')::timestamptz THEN ${settings.value} ELSE excluded.value END`, updatedAt: sql`now()` },
      });
  }
}
