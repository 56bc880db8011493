import { useId } from 'react';
import type { Wallet } from '../../../display/wallet/get-wallet.ts';
import { isNegativeAmount } from '../wallet-words.ts';

/** The answer first: what new rewards can still spend, big. */
export function AvailableFunds({ wallet }: { wallet: Wallet }) {
  const headingId = useId();
  const short = isNegativeAmount(wallet.available);
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-zinc-200 bg-white p-5 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <h2 id={headingId} className="text-sm font-medium text-zinc-600 dark:text-zinc-400">
        Available funds
      </h2>
      <p className={`mt-1 font-mono text-4xl font-semibold tabular-nums break-all ${short ? 'text-red-700 dark:text-red-400' : 'text-zinc-900 dark:text-zinc-50'}`}>{wallet.available}</p>
      <p className="mt-2 max-w-prose text-sm text-zinc-600 dark:text-zinc-400">
        What new rewards can still spend: the balance, less the minimum balance the network keeps and what is reserved for rewards already accepted.
      </p>
      {short && <p className="mt-1 text-sm font-medium text-red-800 dark:text-red-300">Below zero: the rewards already accepted need more than the wallet can spend.</p>}
    </section>
  );
}
