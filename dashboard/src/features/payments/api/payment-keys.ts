import type { PaymentFilters, PaymentListQuery } from '../payment-table-view.ts';

export const paymentKeys = {
  all: ['payments'] as const,
  lists: () => [...paymentKeys.all, 'list'] as const,
  list: (query: PaymentListQuery) => [...paymentKeys.lists(), query] as const,
  facets: (filters: PaymentFilters) => [...paymentKeys.all, 'facets', filters] as const,
  details: () => [...paymentKeys.all, 'detail'] as const,
  detail: (id: string) => [...paymentKeys.details(), id] as const,
  /** A user-to-app payment's refunds and what is left to refund. */
  refunds: (id: string) => [...paymentKeys.all, 'refunds', id] as const,
};
