import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client.ts';
import type { Payment } from './get-payment.ts';
import { paymentKeys } from './payment-keys.ts';
import { shortenMiddle } from '../../../lib/shorten-middle.ts';
import { showToast } from '../../../lib/toasts.ts';

export async function cancelPayment({ id, reason }: { id: string; reason: string }): Promise<Payment> {
  const { payment } = await readJson(api.payments[':id'].cancel.$post({ param: { id: encodeURIComponent(id) }, json: { reason } }));
  return payment;
}

/** Refused or not, the platform may have changed the payment, so the index and the detail are read again. */
export function useCancelPayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelPayment,
    onSuccess: (_payment, { id }) => showToast(`Payment ${shortenMiddle(id)} cancelled: it is ended on the platform.`),
    onSettled: () => client.invalidateQueries({ queryKey: paymentKeys.all }),
  });
}
