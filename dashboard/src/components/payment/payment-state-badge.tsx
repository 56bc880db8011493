import { Badge, type BadgeTone } from '../badge.tsx';
import { paymentStateWords, type PaymentState } from './payment-states.ts';

const tones: Record<PaymentState, BadgeTone> = {
  awaiting_approval: 'warning',
  awaiting_transaction: 'warning',
  transaction_unverified: 'warning',
  awaiting_completion: 'warning',
  completed: 'success',
  cancelled: 'neutral',
  cancelled_by_user: 'neutral',
};

/** Where the payment stands, in words. */
export function PaymentStateBadge({ state }: { state: PaymentState }) {
  return <Badge tone={tones[state]}>{paymentStateWords[state]}</Badge>;
}
