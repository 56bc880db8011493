import { Notice } from '../../../components/notice.tsx';
import type { PaymentActionOutcome } from '../payment-action-outcome.ts';
import { PaymentRefusal } from './payment-refusal.tsx';

/** The outcome of the last action, under the page header where the action was started. */
export function PaymentActionResult({ outcome }: { outcome: PaymentActionOutcome }) {
  return outcome.kind === 'done' ? <Notice>{outcome.message}</Notice> : <PaymentRefusal error={outcome.error} />;
}
