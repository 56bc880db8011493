import { PaymentStateBadge } from '../../../components/payment/payment-state-badge.tsx';
import { paymentDirectionLabels } from '../../../components/payment/payment-states.ts';
import type { UserSummary } from '../api/get-user.ts';

const cell = 'px-3 py-1.5';

/** How many of the user's payments are in each direction and state, and their sums. */
export function UserTotals({ totals }: { totals: UserSummary['totals'] }) {
  if (totals.length === 0) return <p className="text-sm text-zinc-600 dark:text-zinc-400">No payment of this user is in the index.</p>;
  return (
    <table aria-label="Payment totals" className="text-sm">
      <thead className="text-left text-xs text-zinc-500 uppercase dark:text-zinc-400">
        <tr>
          <th scope="col" className={cell}>Direction</th>
          <th scope="col" className={cell}>State</th>
          <th scope="col" className={`${cell} text-right`}>Payments</th>
          <th scope="col" className={`${cell} text-right`}>Amount</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800/70">
        {totals.map((total) => (
          <tr key={`${total.direction}:${total.state}`}>
            <td className={cell}>{paymentDirectionLabels[total.direction]}</td>
            <td className={cell}>
              <PaymentStateBadge state={total.state} />
            </td>
            <td className={`${cell} text-right tabular-nums`}>{total.count}</td>
            <td className={`${cell} text-right font-mono tabular-nums`}>{total.amount}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
