import { and, count } from 'drizzle-orm';
import { PAYMENT_STATES, type PaymentState } from '../../../common/payment-states.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../store/database.ts';
import { payments } from '../store/schema.ts';
import type { PaymentFilters } from './payment-filters.ts';
import { filterConditions } from './payment-query.ts';

const FLAG_COLUMNS = {
  developer_approved: payments.developerApproved,
  transaction_verified: payments.transactionVerified,
  developer_completed: payments.developerCompleted,
  cancelled: payments.cancelled,
  user_cancelled: payments.userCancelled,
} as const;

type FlagName = keyof typeof FLAG_COLUMNS;

/** How many payments of a view have each value of each facet (state, direction, every flag). */
export interface PaymentFacetCounts {
  state: Record<PaymentState, number>;
  direction: Record<'user_to_app' | 'app_to_user', number>;
  flags: Record<FlagName, { yes: number; no: number }>;
}

/** The filters a facet chip does not set itself: the search, the ranges, the uid and the like. */
function withoutFacets(filters: PaymentFilters): PaymentFilters {
  const { state: _state, direction: _direction, developer_approved: _a, transaction_verified: _v, developer_completed: _c, cancelled: _x, user_cancelled: _u, ...rest } = filters;
  return rest;
}

/**
 * Facet counts within the view's other filters (search, ranges, uid, txid, network), so a chip says
 * how many rows choosing it would leave. One grouped scan: flags and state vary together, so few groups come back.
 */
export async function paymentFacetCounts(db: Database, clock: Clock, filters: PaymentFilters): Promise<PaymentFacetCounts> {
  const groups = await db
    .select({ state: payments.state, direction: payments.direction, ...FLAG_COLUMNS, rows: count() })
    .from(payments)
    .where(and(...filterConditions(withoutFacets(filters), clock)))
    .groupBy(payments.state, payments.direction, ...Object.values(FLAG_COLUMNS));
  const counts: PaymentFacetCounts = {
    state: Object.fromEntries(PAYMENT_STATES.map((state) => [state, 0])) as Record<PaymentState, number>,
    direction: { user_to_app: 0, app_to_user: 0 },
    flags: Object.fromEntries(Object.keys(FLAG_COLUMNS).map((flag) => [flag, { yes: 0, no: 0 }])) as PaymentFacetCounts['flags'],
  };
  for (const group of groups) {
    counts.state[group.state] += group.rows;
    counts.direction[group.direction] += group.rows;
    for (const flag of Object.keys(FLAG_COLUMNS) as FlagName[]) counts.flags[flag][group[flag] ? 'yes' : 'no'] += group.rows;
  }
  return counts;
}
