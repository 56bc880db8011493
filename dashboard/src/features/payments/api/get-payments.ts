import { useInfiniteQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, readJson } from '../../../lib/api-client.ts';
import { cursorListQuery } from '../../../lib/cursor-list-query.ts';
import { paymentQueryParams, type PaymentListQuery } from '../payment-table-view.ts';
import { paymentKeys } from './payment-keys.ts';

export type PaymentPage = InferResponseType<typeof api.payments.$get>;

/** A payment from the console's index, with when the console first and last saw it. */
export type IndexedPayment = PaymentPage['payments'][number];

const paymentList = cursorListQuery({
  read: (query, signal) => readJson(api.payments.$get({ query }, { init: { signal } })),
  rows: (page: PaymentPage) => page.payments,
});

/** One view of the index, in the order it asks for. */
export function usePayments(query: PaymentListQuery) {
  return useInfiniteQuery(paymentList(paymentKeys.list(query), paymentQueryParams(query)));
}
