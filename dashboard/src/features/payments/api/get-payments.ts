import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, readJson } from '../../../lib/api-client.ts';
import { paymentQueryParams, type PaymentListQuery } from '../payment-table-view.ts';
import { paymentKeys } from './payment-keys.ts';

export type PaymentPage = InferResponseType<typeof api.payments.$get>;

/** A payment from the console's index, with when the console first and last saw it. */
export type IndexedPayment = PaymentPage['payments'][number];

export const PAYMENTS_PAGE_SIZE = 50;

export function getPayments(query: PaymentListQuery, cursor: string | null, signal?: AbortSignal): Promise<PaymentPage> {
  const params = paymentQueryParams(query);
  if (cursor) params.set('cursor', cursor);
  params.set('limit', String(PAYMENTS_PAGE_SIZE));
  return readJson(api.payments.$get({ query: Object.fromEntries(params) }, { init: { signal } }));
}

/** At module scope, so React Query keeps the flattened rows until a page arrives. */
const allPayments = (data: InfiniteData<PaymentPage, string | null>) => data.pages.flatMap((page) => page.payments);

/** One view of the index; each "Load more" fetches the page after the last row shown. */
export const paymentsQueryOptions = (query: PaymentListQuery) =>
  infiniteQueryOptions({
    queryKey: paymentKeys.list(query),
    queryFn: ({ pageParam, signal }) => getPayments(query, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    select: allPayments,
  });

export function usePayments(query: PaymentListQuery) {
  return useInfiniteQuery(paymentsQueryOptions(query));
}
