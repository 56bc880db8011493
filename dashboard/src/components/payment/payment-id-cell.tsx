import { ShortId } from '../short-id.tsx';
import { paymentPath } from './payment-path.ts';

/** A payment id that opens the payment, shortened, with copy on hover or focus. */
export function PaymentIdCell({ id }: { id: string }) {
  return <ShortId id={id} kind="payment id" to={paymentPath(id)} />;
}
