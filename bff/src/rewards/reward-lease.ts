import { eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { rewards } from '../store/schema.ts';

/**
 * How long a driver owns a reward without renewing: a dead instance's rewards are free again after
 * it. A live driver renews every HEARTBEAT_MS (see `RewardStore.held`), however long its upstream calls take.
 */
const LEASE_SECONDS = 10;
export const HEARTBEAT_MS = 3_000;

/** A lease that ends LEASE_SECONDS from now, by the database's clock. */
export const leaseUntil = sql`now() + make_interval(secs => ${LEASE_SECONDS})`;

/** Nobody else holds the reward now. */
export const leaseFree = (owner: string): SQL => or(isNull(rewards.leaseUntil), lt(rewards.leaseUntil, sql`now()`), eq(rewards.leaseOwner, owner)) as SQL;
