import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/button.tsx';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { PageSection } from '../../../components/page-section.tsx';
import { PaymentAmount } from '../../../components/payment/payment-amount.tsx';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { rewardPath } from '../../../display/reward/reward-filters.ts';
import { RewardStateBadge } from '../../../display/reward/reward-state-badge.tsx';
import { useCan } from '../../../lib/access.ts';
import { amountWithCurrency } from '../../../lib/format-amount.ts';
import { usePaymentRefunds, type PaymentRefunds as Refunds } from '../api/get-payment-refunds.ts';
import type { Payment } from '../api/get-payment.ts';
import { RefundPaymentDialog } from './refund-payment-dialog.tsx';

const cell = 'px-3 py-1.5 align-top';
const link = 'text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300';

function RefundList({ refunds, network }: { refunds: Refunds['refunds']; network: string }) {
  if (refunds.length === 0) return <p className="text-sm text-zinc-600 dark:text-zinc-400">Nothing refunded yet.</p>;
  return (
    <table aria-label="Refunds of this payment" className="w-full text-sm">
      <thead className="text-left text-xs text-zinc-500 uppercase dark:text-zinc-400">
        <tr>
          <th scope="col" className={cell}>Asked</th>
          <th scope="col" className={cell}>Amount</th>
          <th scope="col" className={cell}>State</th>
          <th scope="col" className={cell}>
            <span className="sr-only">Refund</span>
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800/70">
        {refunds.map((refund) => (
          <tr key={refund.id}>
            <td className={`${cell} whitespace-nowrap`}>
              <RelativeTime iso={refund.createdAt} />
            </td>
            <td className={cell}>
              <PaymentAmount amount={refund.amount} network={refund.network ?? network} />
            </td>
            <td className={cell}>
              <RewardStateBadge state={refund.state} />
            </td>
            <td className={cell}>
              <Link to={rewardPath(refund.id)} className={link} aria-label={`Open the refund of ${refund.amount}`}>
                Open
              </Link>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** How much of the payment is refunded (paid or on its way) and how much is left, in one sentence. */
function refundedSentence({ amount, refunded, remaining }: Refunds, network: string): string {
  const of = `of ${amountWithCurrency(amount, network)}`;
  if (refunded === '0') return `Nothing refunded ${of} yet.`;
  return remaining === '0' ? `Refunded in full: ${amountWithCurrency(refunded, network)} ${of}, paid or on its way.` : `Refunded ${amountWithCurrency(refunded, network)} ${of}, paid or on its way; ${amountWithCurrency(remaining, network)} is left to refund.`;
}

/**
 * A completed user-to-app payment's refunds, each a reward paid back to the payer, with what is left to
 * refund; for roles that pay rewards, the Refund action.
 */
export function PaymentRefunds({ payment }: { payment: Payment }) {
  const canRefund = useCan('refunds:pay');
  const refunds = usePaymentRefunds(payment.identifier);
  const [refunding, setRefunding] = useState(false);
  return (
    <PageSection title="Refunds" description="What was paid back to the user for this payment, each refund a reward to them, through the same limits and approvals.">
      {refunds.isPending && <Spinner label="Reading the refunds" />}
      {refunds.isError && <ErrorNotice error={refunds.error} message={`The refunds could not be read: ${refunds.error.message}`} />}
      {refunds.isSuccess && (
        <>
          <p className="text-sm">{refunds.data.notRefundable?.message ?? refundedSentence(refunds.data, payment.network)}</p>
          {canRefund && !refunds.data.notRefundable && refunds.data.remaining !== '0' && (
            <Button variant="secondary" onClick={() => setRefunding(true)}>
              Refund
            </Button>
          )}
          <RefundList refunds={refunds.data.refunds} network={payment.network} />
        </>
      )}
      {refunding && <RefundPaymentDialog payment={payment} onClose={() => setRefunding(false)} />}
    </PageSection>
  );
}
