import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client.ts';
import type { Payment } from './get-payment.ts';
import { paymentKeys } from './payment-keys.ts';
import { shortenMiddle } from '../../../lib/shorten-middle.ts';
import { showToast } from '../../../lib/toasts.ts';

/** No body: the server completes with the payment's own txid, read fresh from the platform. */
export async function completePayment(id: string): Promise<Payment> {
  const { payment } = await readJson(api.payments[':id'].complete.$post({ param: { id: encodeURIComponent(id) } }));
  return payment;
}

/** Refused or not, the platform may have changed the payment, so the index and the detail are read again. */
export function useCompletePayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: completePayment,
    onSuccess: (_payment, id) => showToast(`Payment ${shortenMiddle(id)} completed on the platform.`),
    onSettled: () => client.invalidateQueries({ queryKey: paymentKeys.all }),
  });
}
