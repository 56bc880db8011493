import { PaymentAmount } from '../../../components/payment/payment-amount.tsx';
import { PaymentIdCell } from '../../../components/payment/payment-id-cell.tsx';
import { PaymentStateBadge } from '../../../components/payment/payment-state-badge.tsx';
import { paymentDirectionLabels } from '../../../components/payment/payment-states.ts';
import type { IndexedPayment } from '../api/get-payments.ts';
import { BlockingPaymentFix } from './blocking-payment-fix.tsx';

/** The user's unfinished payments: each blocks their next payment of its direction until it is settled. */
export function BlockingPayments({ payments }: { payments: readonly IndexedPayment[] }) {
  if (payments.length === 0) return <p className="text-sm text-zinc-600 dark:text-zinc-400">Nothing blocks this user: every payment of theirs in the index is completed or cancelled.</p>;
  return (
    <ul className="space-y-3">
      {payments.map((payment) => (
        <li key={payment.identifier} className="flex flex-wrap items-start justify-between gap-3 rounded-lg border border-amber-300 bg-amber-50/60 p-3 dark:border-amber-800 dark:bg-amber-950/30">
          <div className="space-y-1 text-sm">
            <PaymentIdCell id={payment.identifier} />
            <p className="flex flex-wrap items-center gap-2">
              <span>{paymentDirectionLabels[payment.direction]}</span>
              <PaymentAmount amount={payment.amount} network={payment.network} />
              <PaymentStateBadge state={payment.state} />
            </p>
          </div>
          <BlockingPaymentFix payment={payment} />
        </li>
      ))}
    </ul>
  );
}
