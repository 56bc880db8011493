import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferRequestType } from 'hono/client';
import { rewardKeys } from '../../../display/reward/reward-keys.ts';
import { api, readJson } from '../../../lib/api-client.ts';
import { showToast } from '../../../lib/toasts.ts';
import type { Refund } from './get-payment-refunds.ts';
import { paymentKeys } from './payment-keys.ts';

/** What staff ask to refund: the amount as a decimal string, and a memo (the console's own when blank). */
export type NewRefund = InferRequestType<(typeof api.payments)[':id']['refunds']['$post']>['json'];

export interface RefundPaymentRequest {
  paymentId: string;
  refund: NewRefund;
  /** One per submission: the server answers a repeat of it with the same refund instead of paying again. */
  idempotencyKey: string;
}

/** The server drives the refund's reward as far as it goes at once, so the answer may already be completed. */
export async function refundPayment({ paymentId, refund, idempotencyKey }: RefundPaymentRequest): Promise<Refund> {
  const answer = await readJson(api.payments[':id'].refunds.$post({ param: { id: encodeURIComponent(paymentId) }, json: refund, header: { 'idempotency-key': idempotencyKey } }));
  return answer.refund;
}

/** Refused or not, what is left to refund may have changed, so the payment's refunds and the rewards are read again. */
export function useRefundPayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: refundPayment,
    onSuccess: (refund) => showToast(`Refund of ${refund.amount} asked for: the payment’s refunds show how it goes.`),
    onSettled: (_refund, _error, { paymentId }) =>
      Promise.all([client.invalidateQueries({ queryKey: paymentKeys.refunds(paymentId) }), client.invalidateQueries({ queryKey: rewardKeys.lists() })]),
  });
}
