import { useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { isUnfinished, UNFINISHED_REWARD_REFRESH_MS } from '../../../display/reward/reward-states.ts';
import { api, readJson } from '../../../lib/api-client.ts';
import { paymentKeys } from './payment-keys.ts';

/** A payment's refunds, newest first, what they add up to (paid or on their way) and what is left to refund. */
export type PaymentRefunds = InferResponseType<(typeof api.payments)[':id']['refunds']['$get']>;

/** A refund: the reward that pays the payer back, `refundOf` the payment it refunds. */
export type Refund = PaymentRefunds['refunds'][number];

export function getPaymentRefunds(id: string, signal?: AbortSignal): Promise<PaymentRefunds> {
  return readJson(api.payments[':id'].refunds.$get({ param: { id: encodeURIComponent(id) } }, { init: { signal } }));
}

/** Read again while a refund is still being paid. */
export function usePaymentRefunds(id: string) {
  return useQuery({
    queryKey: paymentKeys.refunds(id),
    queryFn: ({ signal }) => getPaymentRefunds(id, signal),
    refetchInterval: (query) => (query.state.data?.refunds.some((refund) => isUnfinished(refund.state)) ? UNFINISHED_REWARD_REFRESH_MS : false),
  });
}
