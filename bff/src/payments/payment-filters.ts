import type { PaymentState } from '../../../common/payment-states.ts';

export const PAYMENT_SORTS = ['created', 'amount', 'synced'] as const;
export type PaymentSort = (typeof PAYMENT_SORTS)[number];

/** A filtered view of the payments index; every view of the Payments page is one of these. */
export interface PaymentFilters {
  state?: PaymentState[];
  direction?: 'user_to_app' | 'app_to_user';
  developer_approved?: boolean;
  transaction_verified?: boolean;
  developer_completed?: boolean;
  cancelled?: boolean;
  user_cancelled?: boolean;
  uid?: string;
  /** Lower case. */
  txid?: string;
  amountMin?: string;
  amountMax?: string;
  from?: Date;
  /** Exclusive, as on every other page: `from` ≤ created < `to`. */
  to?: Date;
  network?: string;
  q?: string;
  /** Payments that can still move but have not for this many minutes (e.g. approved, no transaction, for 10 minutes). */
  staleMinutes?: number;
}

export interface PaymentOrder {
  sort: PaymentSort;
  order: 'asc' | 'desc';
}

/** One page of a view: `cursor` is the `nextCursor` of the page before. */
export type PaymentPageQuery = PaymentFilters & PaymentOrder & { cursor?: string; limit: number };
