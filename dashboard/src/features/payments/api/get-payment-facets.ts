import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, readJson } from '../../../lib/api-client.ts';
import { paymentFilterParams, type PaymentFilters } from '../payment-table-view.ts';
import { paymentKeys } from './payment-keys.ts';

/** How many payments have each state, direction and flag value, within the view's other filters. */
export type PaymentFacetCounts = InferResponseType<typeof api.payments.facets.$get>;

export function getPaymentFacets(filters: PaymentFilters, signal?: AbortSignal): Promise<PaymentFacetCounts> {
  return readJson(api.payments.facets.$get({ query: Object.fromEntries(paymentFilterParams(filters)) }, { init: { signal } }));
}

/** The counts keep showing while the next ones load, so the chips do not flicker as filters change. */
export const paymentFacetsQueryOptions = (filters: PaymentFilters) =>
  queryOptions({
    queryKey: paymentKeys.facets(filters),
    queryFn: ({ signal }) => getPaymentFacets(filters, signal),
    placeholderData: keepPreviousData,
  });

export function usePaymentFacets(filters: PaymentFilters) {
  return useQuery(paymentFacetsQueryOptions(filters));
}
