import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { isFinalState } from '../../../../../common/payment-states.ts';
import { api, readJson } from '../../../lib/api-client.ts';
import { paymentKeys } from './payment-keys.ts';

export type PaymentDetail = InferResponseType<(typeof api.payments)[':id']['$get']>;

/** Every field of the platform's PaymentDTO (amount as a decimal string), and its state in one word. */
export type Payment = PaymentDetail['payment'];

export type TimelineEntry = PaymentDetail['timeline'][number];

/** How often a payment that can still change is read again while its page is open. */
export const MOVING_PAYMENT_REFRESH_MS = 5_000;

/** Fresh from the platform each time, with what the console observed and what staff did. */
export function getPayment(id: string, signal?: AbortSignal): Promise<PaymentDetail> {
  // The typed client puts params into the path as they are; the id is checked, but still encoded.
  return readJson(api.payments[':id'].$get({ param: { id: encodeURIComponent(id) } }, { init: { signal } }));
}

export const paymentQueryOptions = (id: string) =>
  queryOptions({
    queryKey: paymentKeys.detail(id),
    queryFn: ({ signal }) => getPayment(id, signal),
    staleTime: 0,
    // A payment in a final state never changes again; one that can still move is watched.
    refetchInterval: (query) => {
      const state = query.state.data?.payment.state;
      return state && !isFinalState(state) ? MOVING_PAYMENT_REFRESH_MS : false;
    },
  });

export function usePayment(id: string) {
  return useQuery(paymentQueryOptions(id));
}
